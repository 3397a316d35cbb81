"""The engine: cards, the rules (pure functions, rulesets, variants) and the Game state machine.

It imports nothing above it (no players, simulator, display, widgets, teaching or servers).
"""
