"""The core of every roll: dice, the ladder, outcomes, the four actions, rolling and the
rules' citations and errors.
"""
