"""Mail the daemon writes: rendering, headers, queueing in the outbox, the GM's alerts."""
