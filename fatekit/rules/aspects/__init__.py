"""Aspects and what runs on them: invokes, compels, fate points and stunts."""
