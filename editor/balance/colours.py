"""The colours balance is shown in: won (even), lopsided or failed, amber between, grey while
waiting. A module of its own so that the validation panel's balance line shows them without
loading the report and the rules engines behind it."""

GREEN, AMBER, RED, GREY = "#1e8449", "#b9770e", "#c0392b", "#5d6d7e"
