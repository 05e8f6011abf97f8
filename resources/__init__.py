"""Game data for the four systems: boards, terrain, units, tables (see ``model.resources``)."""
