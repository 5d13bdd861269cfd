# SPDX-License-Identifier: GPL-3.0-or-later
"""The pieces of tools/build-scenarios.py: the hex grid and projection, the map
builder, the writer, and each game's assembly (one module each)."""
