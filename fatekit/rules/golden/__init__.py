"""Golden scenes: scripted scenes replayed through the engine to pin its behaviour down."""
