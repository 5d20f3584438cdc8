import os
from typing import Any, Dict, Iterator, List, Optional, Sequence, Union

from . import arimaa as arimaa
from . import backgammon as backgammon
from . import stones_rivers as stones_rivers

__version__: str

_Path = Union[str, bytes, "os.PathLike[str]", "os.PathLike[bytes]"]

class TabulaError(ValueError): ...

class Game:
    @property
    def kind(self) -> str: ...
    @property
    def id(self) -> str: ...
    @property
    def source(self) -> str: ...
    @property
    def tags(self) -> Dict[str, str]: ...
    @property
    def moves(self) -> List[str]: ...
    @property
    def verdict(self) -> str: ...
    @property
    def turns(self) -> int: ...
    @property
    def final_position(self) -> str: ...
    @property
    def error(self) -> Optional[Dict[str, Any]]: ...
    @property
    def result(self) -> Any: ...
    def report(self) -> Dict[str, Any]: ...
    def board(
        self, n: Optional[int] = None
    ) -> Union[arimaa.Board, backgammon.Board, stones_rivers.Board]: ...
    def _repr_html_(self) -> str: ...

class NotationError(TabulaError):
    suggestions: List[str]

class IllegalMove(TabulaError):
    suggestions: List[str]


class AmbiguousMove(TabulaError):
    candidates: List[str]

def check(
    paths: Union[_Path, Sequence[_Path]], *, jobs: Optional[int] = None, suggest: bool = False
) -> Iterator[Dict[str, Any]]: ...
def check_bytes(
    data: Union[bytes, bytearray, memoryview], source: str, *, suggest: bool = False
) -> List[Dict[str, Any]]: ...
def read(path: _Path) -> Iterator[Game]: ...
