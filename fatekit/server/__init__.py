"""The shared table's server: a thin ASGI app over :mod:`fatekit.table` and :mod:`fatekit.store`."""
