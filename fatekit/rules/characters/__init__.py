"""Characters: the sheet, the presets (Condensed, Core, Accelerated, Öde), skill lists and
shapes, checking a sheet, and advancement.
"""
