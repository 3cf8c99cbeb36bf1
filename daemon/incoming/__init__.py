"""One incoming mail, start to finish: guards, routing and passwords, throttles and reply
limits, the orders and the reply."""
