"""How long a standard board takes to become a PNG, and how big it is, for each converter
tried (issue #14: under 150 ms and 150 KB). Run: python bench/pictures.py

Each candidate converts the same SVG (the standard start board) at the drawing's
scale; the best of five runs is printed, after one warm-up. `judge (chosen)` is
judge/pictures/png.py: CairoSVG draws on a cairo surface and Pillow writes a palette PNG."""

from __future__ import annotations

import io
import time
from collections.abc import Callable

from judge.pictures import render_svg
from judge.pictures.drawing import load_drawing
from judge.pictures.png import forget_tiles, svg_to_png
from judge.variant_loader import load_variant

Converter = Callable[[str, float], bytes]


def cairosvg_png(svg: str, scale: float) -> bytes:
    import cairosvg

    png = cairosvg.svg2png(bytestring=svg.encode(), scale=scale)
    assert isinstance(png, bytes)
    return png


def cairosvg_palette(svg: str, scale: float) -> bytes:
    """CairoSVG's PNG, read back by Pillow and written as a 256-colour palette."""
    from PIL import Image

    image = Image.open(io.BytesIO(cairosvg_png(svg, scale))).convert("RGB")
    out = io.BytesIO()
    image.quantize(256, method=Image.Quantize.MEDIANCUT).save(out, "PNG", optimize=True)
    return out.getvalue()


def resvg_png(svg: str, scale: float) -> bytes:
    """resvg (Rust) by resvg-py, with only the fonts the picture uses loaded."""
    import resvg_py

    fonts = [f"/usr/share/fonts/truetype/dejavu/DejaVuSans{s}.ttf" for s in ("", "-Bold")]
    return bytes(resvg_py.svg_to_bytes(svg_string=svg, zoom=scale, skip_system_fonts=True,
                                       font_files=fonts))


def first_picture(svg: str, scale: float) -> bytes:
    forget_tiles()
    return svg_to_png.__wrapped__(svg, scale)


def measure(name: str, convert: Converter, svg: str, scale: float) -> None:
    try:
        convert(svg, scale)
    except ImportError as e:
        print(f"{name:20} not installed ({e})")
        return
    wall, cpu = (min(t) for t in zip(*(_timed(convert, svg, scale) for _ in range(5)),
                                      strict=True))
    size = len(convert(svg, scale))
    print(f"{name:20} {wall * 1000:7.1f} ms {cpu * 1000:7.1f} ms CPU {size / 1024:7.1f} KB")


def _timed(convert: Converter, svg: str, scale: float) -> tuple[float, float]:
    """Wall and CPU time: on a shared machine the CPU time is the steadier figure."""
    start, start_cpu = time.perf_counter(), time.process_time()
    convert(svg, scale)
    return time.perf_counter() - start, time.process_time() - start_cpu


def main() -> None:
    variant = load_variant("standard")
    scale = float(load_drawing(variant).canvas["scale"])
    start = time.perf_counter()
    svg = render_svg(variant, variant.start, [], "Standard: Spring 1901 Movement")
    print(f"{'render_svg':20} {(time.perf_counter() - start) * 1000:7.1f} ms "
          f"{len(svg) / 1024:7.1f} KB (SVG)")
    # The judge's own converter keeps its last pictures (a cache by SVG text): time the
    # conversion itself, or every run after the warm-up would be a lookup. It also keeps
    # the tiles it drew (png.py): "first picture" forgets them before each run, as a
    # judge's first picture of a map draws them all.
    chosen: Converter = svg_to_png.__wrapped__
    candidates: list[tuple[str, Converter]] = [
        ("cairosvg", cairosvg_png), ("cairosvg+palette", cairosvg_palette),
        ("resvg-py", resvg_png), ("judge, first picture", first_picture),
        ("judge (chosen)", chosen)]
    for name, convert in candidates:
        measure(name, convert, svg, scale)


if __name__ == "__main__":
    main()
