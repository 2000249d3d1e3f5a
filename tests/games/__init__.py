"""Games that exist only for tests: they prove that the table and the bot host any game, not just A
Game of Thrones."""
