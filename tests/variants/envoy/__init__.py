"""Envoy (issue #5): the diplomat map and the diplomats' movement."""
