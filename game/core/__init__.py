"""Dice, ids, vectors and errors: the standard-library base every layer stands on."""
