"""It Happens.. (Stefan Feld): dice on termite mounds. Pure rules, no pygame."""
