"""What is not the pipeline: bench, demo, doctor, rebuild, check, history, status, init, and
the loopback mail servers the integration tests and `gonets bench --imap` start."""
