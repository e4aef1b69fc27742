"""The optional rules: the ruleset that switches them on, and one module per rule."""
