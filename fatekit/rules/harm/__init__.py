"""Harm: stress tracks, consequences, absorbing a hit, recovering, and conceding."""
