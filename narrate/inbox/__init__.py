"""The inbox of `narrate serve --inbox`: articles sent from a phone or a script become episodes.

A queue in SQLite inside the podcast folder (queue.py), the owner's login and the guards on
every request that adds (auth.py, bodies.py, addresses checked before and while fetching:
submitted.py), a worker that fetches and narrates in the background (worker.py) and the
server with the page `/add` and the JSON API (server.py, page.py, web/). Above `run` and
`publish`, beside `follow`.
"""
