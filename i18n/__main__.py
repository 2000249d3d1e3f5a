"""The catalogues' tools (docs/translating.md):

python -m i18n extract [FILE]   write the template of every message (default: i18n/locales/maester.pot)
python -m i18n update           refresh every language's .po file from the code
python -m i18n check            list what each language lacks; exit status 1 if anything
python -m i18n commands [LANG]  the slash commands as synced to Discord: JSON, or as LANG's readers see them
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Any

from i18n import DISCORD_LOCALES, LOCALES
from i18n.catalogues import ROOT, problems, render, template, update, write_if_changed
from i18n.sources import all_entries, synced_commands

USAGE = __doc__ or ""


def main(argv: list[str]) -> int:
    arguments = {"extract": 1, "update": 0, "check": 0, "commands": 1}
    if not argv or argv[0] not in arguments or len(argv) > 1 + arguments[argv[0]]:
        print(USAGE, file=sys.stderr)
        return 2
    if argv[0] == "commands":
        synced = asyncio.run(synced_commands())
        print(
            readable(synced, argv[1]) if len(argv) > 1 else json.dumps(synced, ensure_ascii=False, indent=1)
        )
        return 0
    entries = asyncio.run(all_entries())
    if argv[0] == "extract":
        path = Path(argv[1]) if len(argv) > 1 else LOCALES / "maester.pot"
        write_if_changed(path, render(template(entries)))
        print(f"{len(entries)} messages in {path}")
        return 0
    if argv[0] == "update":
        for path in update(entries):
            print(f"updated {path.relative_to(ROOT)}")
        return 0
    found = list(problems(entries))
    for line in found:
        print(line)
    print(f"{len(found)} problem(s)" if found else "every language has every message", file=sys.stderr)
    return 1 if found else 0


def readable(commands: list[dict[str, Any]], language: str) -> str:
    """The commands as a reader of ``language`` sees them: a line a command, an indented line an option."""
    locale = next((locale for locale, lang in DISCORD_LOCALES.items() if lang == language), "en-US")

    def text(item: dict[str, Any], field: str) -> str:
        return str((item.get(f"{field}_localizations") or {}).get(locale, item[field]))

    lines = []
    for command in commands:
        children = command.get("options") or []
        subcommands = [o for o in children if o["type"] == 1] or [command]
        for sub in subcommands:
            path = text(command, "name") + ("" if sub is command else " " + text(sub, "name"))
            lines.append(f"/{path}: {text(sub, 'description')}")
            for option in sub.get("options") or []:
                choices = " | ".join(text(c, "name") for c in option.get("choices") or [])
                lines.append(
                    f"    {text(option, 'name')}: {text(option, 'description')}"
                    + (f" [{choices}]" if choices else "")
                )
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
