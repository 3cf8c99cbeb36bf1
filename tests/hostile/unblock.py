"""A FIFO planted where the daemon reads a file: the guard that keeps a test from hanging on code
that opens it blocking (it waits there for a writer), so such code fails the test's assertions
instead of stopping the suite."""

from __future__ import annotations

import errno
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def unblocking(fifo: Path) -> Iterator[None]:
    """While the block runs, whoever waits in the FIFO's open is let through: a reader by a
    writer that opens and closes it at once (the reader reads nothing), a writer by such a reader
    (its write fails: nobody reads). Code that never blocks is unaffected: with no reader waiting,
    the writer's non-blocking open fails and is tried again."""
    done = threading.Event()

    def let_through() -> None:
        while not done.wait(0.02):
            for flags in (os.O_WRONLY, os.O_RDONLY):
                try:
                    os.close(os.open(fifo, flags | os.O_NONBLOCK))
                except OSError as error:
                    if error.errno not in (errno.ENXIO, errno.ENOENT):  # no reader yet; moved away
                        raise

    thread = threading.Thread(target=let_through, daemon=True)
    thread.start()
    try:
        yield
    finally:
        done.set()
        thread.join()
