"""Batch simulation: many seeded games, statistics, reports."""
