"""Run a bot script with discord.py already pointed at the fake Discord.

Usage: ``python tests/e2e/launch_bot.py bot.py [args...]`` with ``MAESTER_DISCORD_API`` and
``MAESTER_DISCORD_GATEWAY`` set (``BotProcess(..., patch_discord=True)`` does this).
"""

from __future__ import annotations

import os
import runpy
import sys
from pathlib import Path

import discord.gateway
import discord.http
import yarl


def main() -> None:
    discord.http.Route.BASE = os.environ["MAESTER_DISCORD_API"]
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(os.environ["MAESTER_DISCORD_GATEWAY"])
    script = Path(sys.argv[1]).resolve()
    sys.argv = sys.argv[1:]
    sys.path.insert(0, str(script.parent))
    runpy.run_path(str(script), run_name="__main__")


if __name__ == "__main__":
    main()
