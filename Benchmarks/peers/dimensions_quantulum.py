"""The peer a Python team would write to read product sizes: quantulum3 to find the
quantities, then label rules (W/D/H/L/Ø and their words next to each quantity), a word list
for sizes that are not the product's, and width x depth x height for an unlabelled triple.
Used by Benchmarks/dimensions.py; returns readings in the shape of `remo-geom dimensions`."""
import re
import warnings

warnings.filterwarnings("ignore")
from quantulum3 import parser  # noqa: E402

# quantulum3 reads ' and " as minutes and seconds of arc; for sizes they are feet and inches.
UNITS = {"inch": 0.0254, "foot": 0.3048, "centimetre": 0.01, "metre": 1.0, "millimetre": 0.001,
         "minute of arc": 0.3048, "second of arc": 0.0254, "minute of arc minute of arc": 0.0254}
LABEL_AFTER = re.compile(r"^\s*\.?\s*(w|wide|width|d|deep|depth|h|high|height|tall|l|long|length|dia\.?|diam\.?|diameter|round|ø)\b", re.I)
LABEL_BEFORE = re.compile(r"\b(w|width|d|depth|h|height|l|length|dia\.?|diameter|ø)\s*[:=]?\s*$", re.I)
NOT_PRODUCT = re.compile(r"\b(seat|arms?|legs?|box|boxes|package|packaging|carton|shipping|ships|weight|capacity|clearance|mattress|"
                         r"shade|cord|cable|chain|canopy|drawers?|interior|inside|pile|thick|thickness|base|leaf|extends|fits|holds)\b", re.I)
LABELS = {"w": "width", "wide": "width", "width": "width", "d": "depth", "deep": "depth", "depth": "depth", "h": "height",
          "high": "height", "height": "height", "tall": "height", "l": "length", "long": "length", "length": "length",
          "dia": "diameter", "diam": "diameter", "diameter": "diameter", "round": "diameter", "ø": "diameter"}


def read(text):
    quantities = []
    for q in parser.parse(text):
        name = q.unit.name
        factor = UNITS.get(name)
        if factor is None and name != "dimensionless":
            continue  # a weight, a percentage, ...
        start, end = q.span
        label = None
        after = LABEL_AFTER.match(text[end:])
        before = LABEL_BEFORE.search(text[max(0, start - 12):start])
        if after:
            label = LABELS[after.group(1).lower().rstrip(".")]
        elif before:
            label = LABELS[before.group(1).lower().rstrip(".")]
        clause = re.split(r"[;|.\n]\s", text[:start])[-1][-30:]
        quantities.append({"value": q.value, "factor": factor, "label": label, "ignored": bool(NOT_PRODUCT.search(clause)),
                           "start": start, "end": end})
    # A dimensionless number takes the unit of the next quantity that has one.
    for i, q in enumerate(quantities):
        if q["factor"] is None:
            q["factor"] = next((r["factor"] for r in quantities[i + 1:] if r["factor"] is not None), None)
    result = {"text": text, "width": None, "depth": None, "height": None, "diameter": None, "unit": "m",
              "reading": "none", "confidence": "none", "ignored": []}
    product = [q for q in quantities if not q["ignored"] and q["factor"] is not None]
    result["ignored"] = [text[q["start"]:q["end"]] for q in quantities if q["ignored"]]
    labelled = {}
    for q in product:
        if q["label"] and q["label"] not in labelled:
            labelled[q["label"]] = q["value"] * q["factor"]
    if labelled:
        if "length" in labelled:
            if "width" in labelled and "depth" not in labelled:
                labelled["depth"], labelled["width"] = labelled["width"], labelled["length"]
            elif "width" not in labelled:
                labelled["width"] = labelled["length"]
        if "diameter" in labelled:
            labelled.setdefault("width", labelled["diameter"])
            labelled.setdefault("depth", labelled["diameter"])
        for key in ("width", "depth", "height", "diameter"):
            result[key] = labelled.get(key)
        result["reading"], result["confidence"] = "labelled", "exact"
    elif len(product) in (2, 3):
        values = [q["value"] * q["factor"] for q in product]
        result["width"], result["depth"] = values[0], values[1]
        if len(values) == 3:
            result["height"] = values[2]
        result["reading"], result["confidence"] = "ordered", "inferred"
    return result
