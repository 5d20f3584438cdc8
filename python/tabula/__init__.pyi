import os
from typing import Any, Dict, Iterator, List, Optional, Sequence, Union

from . import arimaa as arimaa
from . import backgammon as backgammon
from . import stones_rivers as stones_rivers

__version__: str

_Path = Union[str, bytes, "os.PathLike[str]", "os.PathLike[bytes]"]

class TabulaError(ValueError): ...
class NotationError(TabulaError): ...
class IllegalMove(TabulaError): ...

class AmbiguousMove(TabulaError):
    candidates: List[str]

def check(paths: Union[_Path, Sequence[_Path]], *, jobs: Optional[int] = None) -> Iterator[Dict[str, Any]]: ...
def check_bytes(data: Union[bytes, bytearray, memoryview], source: str) -> List[Dict[str, Any]]: ...
