"""Pictures of the board (reports layer): SVG written from the variant's drawing data
(variants/<map>/drawing/), PNG converted from it. docs/pictures.md."""
