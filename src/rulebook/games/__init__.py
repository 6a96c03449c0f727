"""One package per game; each registers itself in ``rulebook.engine.game``."""
