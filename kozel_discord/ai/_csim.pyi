"""Type stub of the C extension ``_csim.c`` (a fast simulator for the searching candidates)."""

def rollout(
    trump: int,
    hands: tuple[int, int, int, int],
    stock: bytes,
    pts: tuple[int, int],
    tricks: tuple[int, int],
    turn: int,
    opener: int,
    top: bytes,
    top_seat: int,
    n_played: int,
    trick_pts: int,
    seen: int,
    params: tuple[float, ...],
    nest: int,
    worlds: int,
    seed: int,
    depth: int = -1,
    /,
) -> tuple[tuple[int, int], tuple[int, int]]: ...
