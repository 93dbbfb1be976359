"""The CLI's one error: a problem the user can fix, printed without a traceback."""


class CliError(Exception):
    pass
