#!/usr/bin/env python3
"""Fresh random Same Game positions for `clearboard solve samegame`: COUNT
boards of W x H cells with COLORS colours drawn uniformly (as the standard
set's 15 x 15, 5 colours), rows top first, a blank line between boards.
Usage: scripts/fresh-positions.py SEED [COUNT [W [H [COLORS]]]]"""
import random
import sys

seed = int(sys.argv[1])
count, w, h, colors = (list(map(int, sys.argv[2:6])) + [20, 15, 15, 5][len(sys.argv[2:6]):])[:4]
rng = random.Random(seed)
boards = []
for _ in range(count):
    boards.append("\n".join(" ".join(str(rng.randrange(colors)) for _ in range(w)) for _ in range(h)))
print("\n\n".join(boards))
