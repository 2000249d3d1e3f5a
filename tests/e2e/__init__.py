"""End-to-end tests: the real discord.py client against a fake Discord served on 127.0.0.1."""
