"""Scenes and what happens in them: the game clock, zones, challenges, contests, teamwork and
conflicts (the ``conflict*`` modules).
"""
