"""Reading a QR code the page shows, as a phone's camera would: from a screenshot (zxing-cpp)."""

from __future__ import annotations

import io
from typing import Any


def qr_text(locator: Any) -> str:
    """The text of the one QR code a Playwright locator shows."""
    import zxingcpp
    from PIL import Image

    found = zxingcpp.read_barcodes(Image.open(io.BytesIO(locator.screenshot())))
    assert len(found) == 1, found
    return str(found[0].text)
