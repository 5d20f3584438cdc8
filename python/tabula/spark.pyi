import os
from typing import List, Union

from pyspark.sql import DataFrame, SparkSession

DEFAULT_MAX_BYTES_PER_TASK: int
COLUMNS: List[str]

def check(
    spark: SparkSession,
    path: Union[str, bytes, "os.PathLike[str]", "os.PathLike[bytes]"],
    *,
    max_bytes_per_task: int = ...,
    suggest: bool = ...,
) -> DataFrame: ...

POSITION_COLUMNS: List[str]
GAME_COLUMNS: List[str]

def positions(
    spark: SparkSession,
    path: Union[str, bytes, "os.PathLike[str]", "os.PathLike[bytes]"],
) -> DataFrame: ...
