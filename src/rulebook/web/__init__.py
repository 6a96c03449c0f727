"""The browser table (``rulebook serve``): rooms in SQLite, seats on separate devices, AI
seats, spectators, one generic client for every game."""
