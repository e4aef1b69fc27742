"""A scene's map image, read from outside and made clean before anything keeps it.

An upload (or a map in a campaign file) is bytes anyone could have written. :func:`clean_map`
bounds them (bytes, then the dimensions the header declares, before a pixel is decoded), decodes
the whole picture with Pillow, and encodes its pixels again into a new file of the same family
(PNG, JPEG or WebP) with no metadata (no EXIF, comments, colour profile or text chunks). Only
that new file is kept and served, under the SHA-256 of its bytes. Anything else is refused with
a :class:`MapRefused` whose ``code`` says why, and nothing is kept.
"""

from __future__ import annotations

import hashlib
import io
import warnings
from dataclasses import dataclass
from typing import Final, Literal

from PIL import Image, UnidentifiedImageError

from fatekit.rules.core.errors import BadInput

__all__ = [
    "MAP_MEDIA_TYPES",
    "MAX_MAP_BYTES",
    "MAX_MAP_PIXELS",
    "MAX_MAP_SIDE",
    "MAX_STORED_MAP_BYTES",
    "CleanMap",
    "MapRefused",
    "MediaType",
    "check_map_hash",
    "clean_map",
]

#: The largest upload read, in bytes.
MAX_MAP_BYTES: Final = 8 << 20
#: The most pixels a map may have (width times height), checked on the declared size.
MAX_MAP_PIXELS: Final = 40_000_000
#: The longest side a map may have, in pixels (WebP holds no more than 16383).
MAX_MAP_SIDE: Final = 16383
#: The largest clean file kept: encoding again may grow a small, well-compressed upload.
MAX_STORED_MAP_BYTES: Final = 16 << 20

# Pillow's own guard against decompression bombs, at our bound: it warns past it and raises at
# twice it. We check the declared size first; this stands behind that check for any other
# Pillow use in the process (a warning is turned into a refusal below).
Image.MAX_IMAGE_PIXELS = MAX_MAP_PIXELS

MediaType = Literal["image/png", "image/jpeg", "image/webp"]
#: The families a map may come in (Pillow's format name) and the media type each is served as.
MAP_MEDIA_TYPES: Final[dict[str, MediaType]] = {
    "PNG": "image/png",
    "JPEG": "image/jpeg",
    "WEBP": "image/webp",
}

Refusal = Literal[
    "empty", "too_large", "wrong_type", "too_many_pixels", "broken", "animated", "bad_hash"
]


class MapRefused(BadInput):
    """A map image that is not kept; ``code`` (``map_<why>``) names why, for a page's words."""

    def __init__(self, why: Refusal, message: str) -> None:
        super().__init__(message, code=f"map_{why}")
        self.why: Refusal = why


@dataclass(frozen=True, slots=True)
class CleanMap:
    """A map as it is kept: its clean bytes, their SHA-256 (hex), media type and size."""

    data: bytes
    hash: str
    media_type: MediaType
    width: int
    height: int


def check_map_hash(text: str) -> str:
    """``text`` if it is a map's hash (64 lower-case hex digits), else :class:`MapRefused`."""
    if len(text) != 64 or any(ch not in "0123456789abcdef" for ch in text):
        raise MapRefused("bad_hash", "a map is named by its SHA-256: 64 lower-case hex digits")
    return text


def clean_map(data: bytes, *, max_bytes: int = MAX_MAP_BYTES) -> CleanMap:
    """The clean map made from ``data``, an uploaded PNG, JPEG or WebP image of at most
    ``max_bytes`` (a map read back from a campaign file may be as large as a clean one is
    kept); refused with a reason otherwise (empty, too many bytes, not one of those types, too
    many pixels or too long a side, truncated or corrupt, animated)."""
    if not data:
        raise MapRefused("empty", "the map image is empty")
    if len(data) > max_bytes:
        raise MapRefused("too_large", f"a map image is at most {max_bytes} bytes, not {len(data)}")
    with warnings.catch_warnings():
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        try:
            return _clean(data)
        except MapRefused:
            raise
        except (Image.DecompressionBombError, Image.DecompressionBombWarning) as error:
            raise MapRefused("too_many_pixels", f"the map image is too large: {error}") from None
        except (OSError, SyntaxError, ValueError, EOFError) as error:
            # Pillow's words for a file cut short or damaged ("image file is truncated", a CRC
            # that does not match, a broken chunk).
            raise MapRefused("broken", f"the map image cannot be read whole: {error}") from None


def _clean(data: bytes) -> CleanMap:
    try:
        # Reading the header only: no pixel is decoded yet.
        source = Image.open(io.BytesIO(data), formats=list(MAP_MEDIA_TYPES))
    except UnidentifiedImageError:
        raise MapRefused(
            "wrong_type", "a map is a PNG, JPEG or WebP image, and this is none of them"
        ) from None
    with source:
        family = source.format or ""
        if family not in MAP_MEDIA_TYPES:
            raise MapRefused("wrong_type", f"a map is a PNG, JPEG or WebP image, not {family}")
        width, height = source.size
        if width < 1 or height < 1:
            raise MapRefused("broken", "the map image has no pixels")
        if width > MAX_MAP_SIDE or height > MAX_MAP_SIDE or width * height > MAX_MAP_PIXELS:
            raise MapRefused(
                "too_many_pixels",
                f"a map is at most {MAX_MAP_PIXELS} pixels and {MAX_MAP_SIDE} on a side, "
                f"not {width}×{height}",
            )
        if getattr(source, "n_frames", 1) > 1:
            raise MapRefused("animated", "a map is one still picture, not an animation")
        source.load()  # the whole picture: a truncated or corrupt file fails here
        pixels = _plain(source)
    out = io.BytesIO()
    # A new file from the pixels alone: no exif, icc_profile or text is passed on.
    if family == "PNG":
        pixels.save(out, "PNG")
    elif family == "JPEG":
        pixels.save(out, "JPEG", quality=92)
    else:
        pixels.save(out, "WEBP", quality=90)
    clean = out.getvalue()
    if len(clean) > MAX_STORED_MAP_BYTES:
        raise MapRefused(
            "too_large", f"the map image grows past {MAX_STORED_MAP_BYTES} bytes when cleaned"
        )
    return CleanMap(
        clean, hashlib.sha256(clean).hexdigest(), MAP_MEDIA_TYPES[family], width, height
    )


def _plain(image: Image.Image) -> Image.Image:
    """The picture's pixels as RGB, or RGBA where it has transparency (a JPEG has none)."""
    if image.format == "JPEG":
        plain = image.convert("RGB")
    else:
        alpha = image.mode in ("RGBA", "LA", "PA") or "transparency" in image.info
        plain = image.convert("RGBA" if alpha else "RGB")
    # Pillow's encoders read a colour profile (and some, EXIF) from the picture's info: the
    # clean file keeps none of what the upload carried.
    plain.info = {}
    return plain
