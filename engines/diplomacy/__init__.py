"""«Дипломатия»: the classic game by mail, adjudicated to the DATC (see README.md)."""
