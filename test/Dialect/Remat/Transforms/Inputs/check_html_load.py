"""Loads an HTML report in headless Chromium and checks what a person sees.

Usage: check_html_load.py CHROMIUM REPORT.html SCREENSHOT.png

Fails unless the page loads with no console message of level error or
warning, its DOM after load has the report's panels and tables, and its
screenshot is a real picture (not blank: many distinct byte values in the
decoded image data, and of the window's size).
"""
import os
import struct
import subprocess
import sys
import tempfile
import zlib

chromium, page, shot = sys.argv[1:4]
url = "file://" + os.path.abspath(page)
profile = tempfile.mkdtemp(prefix="remat-chromium-")
common = [chromium, "--headless=new", "--no-sandbox", "--disable-gpu",
          "--no-first-run", "--user-data-dir=" + profile,
          "--enable-logging=stderr", "--v=0", "--window-size=1100,1600"]


def fail(message):
    sys.exit("check_html_load: " + message)


dom = subprocess.run(common + ["--dump-dom", url], capture_output=True,
                     text=True, timeout=120)
if dom.returncode != 0:
    fail("chromium --dump-dom failed (%d): %s" % (dom.returncode,
                                                  dom.stderr[-2000:]))
console = [line for line in dom.stderr.splitlines() if "CONSOLE" in line]
if console:
    fail("console messages:\n" + "\n".join(console))
for needle in ("Device memory before the plan", "Device memory after the plan",
               "Value lifetimes after the plan", "Saved for the backward pass",
               "<polygon class=\"kept\"", "class=\"life "):
    if needle not in dom.stdout:
        fail("the loaded page has no %r" % needle)

run = subprocess.run(common + ["--screenshot=" + shot, url],
                     capture_output=True, text=True, timeout=120)
if run.returncode != 0 or not os.path.exists(shot):
    fail("chromium --screenshot failed: " + run.stderr[-2000:])
data = open(shot, "rb").read()
if data[:8] != b"\x89PNG\r\n\x1a\n":
    fail("the screenshot is not a PNG")
width, height = struct.unpack(">II", data[16:24])
if (width, height) != (1100, 1600):
    fail("screenshot of %dx%d" % (width, height))
pos, idat = 8, b""
while pos < len(data):
    length, kind = struct.unpack(">I4s", data[pos:pos + 8])
    if kind == b"IDAT":
        idat += data[pos + 8:pos + 8 + length]
    pos += 12 + length
pixels = zlib.decompress(idat)
distinct = len(set(pixels[::7]))
if distinct < 32:
    fail("the screenshot looks blank (%d distinct byte values)" % distinct)
print("loaded with no console messages; screenshot %dx%d, %d distinct byte "
      "values" % (width, height, distinct))
