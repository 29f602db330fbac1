"""Runs: one file or a batch of them, the executors that render them (local, Dask), the lock."""
