#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Walks PE Explorer's window as a screen reader sees it: through AT-SPI, the bus Orca reads.

Run by scripts/atspi-walk.sh, inside its own D-Bus session under Xvfb. For English and Chinese,
on the working window and presenting (F5), with every view on the stage in turn, it checks:
  - no interactive object the window shows is without a name;
  - every plot shown is a chart with a name and a description that holds numbers;
  - the heatmap's table cell (3, 5) at d_model 16 reads PE(3, 5) = cos(3 / 10000^(4/16));
  - d_model typed through the box's value changes the heatmap's description;
  - an arrow key in the focused heatmap moves its selection, and the changes of description and
    value (the selected cell's) reach the bus as events (what makes Orca speak them).
Exit 0 when all hold; else 1, each failure on its own line.
"""
import math
import os
import socket
import subprocess
import sys
import tempfile
import time

import pyatspi
from gi.repository import GLib

INTERACTIVE = {
    pyatspi.ROLE_PUSH_BUTTON, pyatspi.ROLE_TOGGLE_BUTTON, pyatspi.ROLE_CHECK_BOX,
    pyatspi.ROLE_RADIO_BUTTON, pyatspi.ROLE_COMBO_BOX, pyatspi.ROLE_SPIN_BUTTON,
    pyatspi.ROLE_SLIDER, pyatspi.ROLE_DIAL, pyatspi.ROLE_PAGE_TAB, pyatspi.ROLE_MENU_ITEM,
    pyatspi.ROLE_CHECK_MENU_ITEM, pyatspi.ROLE_RADIO_MENU_ITEM, pyatspi.ROLE_LINK,
    pyatspi.ROLE_CHART, pyatspi.ROLE_ENTRY,
}
BAR_NAMES = {"Views", "视图"}
TIMEOUT = 10.0  # seconds a change may take to reach the bus on a loaded machine
failures = []


def fail(message):
    failures.append(message)
    print("FAIL: " + message, flush=True)


def pump():
    """Delivers the events the bus has queued for this process."""
    context = GLib.MainContext.default()
    while context.pending():
        context.iteration(False)


def wait_for(condition, timeout=TIMEOUT):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        pump()
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    return None


def visible(o):
    return o.getState().contains(pyatspi.STATE_VISIBLE)


def walk(o, depth=0):
    """Every visible object under o, o included (a hidden widget's subtree is not read)."""
    if o is None or depth > 64 or not visible(o):
        return
    yield o
    for child in o:
        yield from walk(child, depth + 1)


def is_interactive(o):
    role = o.getRole()
    if role == pyatspi.ROLE_TEXT:
        return o.getState().contains(pyatspi.STATE_EDITABLE)
    return role in INTERACTIVE


def where(o):
    path = []
    p = o
    while p is not None and len(path) < 5:
        path.append("%s '%s'" % (p.getRoleName(), p.name))
        p = p.parent
    return " < ".join(path)


def find(root, predicate):
    return [o for o in walk(root) if predicate(o)]


def charts(app):
    return find(app, lambda o: o.getRole() == pyatspi.ROLE_CHART)


def check_window(app, label):
    """Names of what a user operates, and every chart's name and description."""
    objects = list(walk(app))
    for o in objects:
        if is_interactive(o) and not o.name.strip():
            fail("%s: no name: %s" % (label, where(o)))
    shown = [o for o in objects if o.getRole() == pyatspi.ROLE_CHART]
    if not shown:
        fail("%s: no chart shown" % label)
    for chart in shown:
        if not chart.name.strip():
            fail("%s: a chart without a name: %s" % (label, where(chart)))
        if not any(c.isdigit() for c in chart.description):
            fail("%s: chart '%s' has no numbers in its description: '%s'" % (label, chart.name, chart.description))
    return len(objects), len(shown)


def launch(program, language, home):
    config = os.path.join(home, "config", "PE Explorer")
    os.makedirs(config)
    with open(os.path.join(config, "PE Explorer.conf"), "w") as f:
        f.write("[ui]\nlanguage=%s\n" % language)
    env = dict(os.environ, HOME=home, XDG_CONFIG_HOME=os.path.join(home, "config"),
               XDG_DATA_HOME=os.path.join(home, "data"), XDG_CACHE_HOME=os.path.join(home, "cache"),
               QT_QPA_PLATFORM="xcb", QT_LINUX_ACCESSIBILITY_ALWAYS_ON="1")
    return subprocess.Popen([program, "--no-restore", "--d-model", "16", "--view", "heatmap"], env=env)


def application(pid):
    desktop = pyatspi.Registry.getDesktop(0)
    for i in range(desktop.childCount):
        a = desktop.getChildAtIndex(i)
        try:
            if a is not None and a.get_process_id() == pid and charts(a):
                return a
        except GLib.Error:
            pass
    return None


def bar_buttons(app):
    bars = find(app, lambda o: o.name in BAR_NAMES and o.getRole() != pyatspi.ROLE_CHART)
    if not bars:
        return []
    return [o for o in bars[0] if o is not None and o.getRole() in (pyatspi.ROLE_CHECK_BOX, pyatspi.ROLE_TOGGLE_BUTTON, pyatspi.ROLE_PUSH_BUTTON)]


def checked(o):
    return o.getState().contains(pyatspi.STATE_CHECKED)


def press(button):
    action = button.queryAction()
    action.doAction(0)


def presentation_item(app):
    """The menu item whose shortcut is F5, in any language."""
    for o in walk_menus(app):
        try:
            action = o.queryAction()
        except NotImplementedError:
            continue
        if any(action.getKeyBinding(i) == "F5" for i in range(action.nActions)):
            return o
    return None


def walk_menus(o, depth=0):
    """Menu items whether their menu is open or not (a closed menu is not visible)."""
    if o is None or depth > 8:
        return
    role = o.getRole()
    if role in (pyatspi.ROLE_MENU_ITEM, pyatspi.ROLE_CHECK_MENU_ITEM, pyatspi.ROLE_RADIO_MENU_ITEM):
        yield o
    if role in (pyatspi.ROLE_APPLICATION, pyatspi.ROLE_FRAME, pyatspi.ROLE_MENU_BAR) or depth >= 3:
        for child in o:
            yield from walk_menus(child, depth + 1)


def heatmap_chart(app):
    shown = charts(app)
    return shown[0] if shown else None


def check_views(app, label):
    buttons = bar_buttons(app)
    if len(buttons) < 12:
        fail("%s: the bar of views has %d buttons, not 12 or more" % (label, len(buttons)))
    total = 0
    for button in buttons:
        name = button.name
        press(button)
        if not wait_for(lambda: checked(button)):
            fail("%s: %s not chosen after a press" % (label, name))
            continue
        wait_for(lambda: charts(app))
        time.sleep(0.2)  # the chosen view's layout settles
        pump()
        objects, shown = check_window(app, "%s, %s" % (label, name))
        total += objects
    return total


def activate(app):
    """Xvfb has no window manager to make the window active: a click on its status bar does
    (Qt asks for the focus on a click), so that the keys the bus sends reach it."""
    bars = find(app, lambda o: o.getRole() == pyatspi.ROLE_STATUS_BAR)
    if not bars:
        fail("no status bar to click")
        return
    box = bars[0].queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    pyatspi.Registry.generateMouseEvent(box.x + box.width - 5, box.y + box.height // 2, "b1c")
    frame = next((o for o in app if o is not None and o.getRole() == pyatspi.ROLE_FRAME), None)
    if frame is None or not wait_for(lambda: frame.getState().contains(pyatspi.STATE_ACTIVE)):
        fail("the window did not become active after a click")


def check_heatmap(app, label):
    chart = wait_for(lambda: next((c for c in charts(app) if "16" in c.description), None))
    if chart is None:
        fail("%s: no chart says d_model 16" % label)
        return
    try:
        table = chart.queryTable()
    except NotImplementedError:
        fail("%s: the heatmap is not a table" % label)
        return
    want = "%.4f" % math.cos(3 / 10000 ** (4 / 16))
    cell = table.getAccessibleAt(3, 5)
    got = cell.name if cell is not None else None
    if got != want:
        fail("%s: heatmap cell (3, 5) reads %r, not %r (PE(3, 5) = cos(3/10000^(4/16)))" % (label, got, want))

    # d_model through the box's value, as a screen reader's user sets it.
    boxes = find(app, lambda o: o.getRole() == pyatspi.ROLE_SPIN_BUTTON and o.name.startswith("d_model"))
    if not boxes:
        fail("%s: no spin box named d_model" % label)
        return
    before = chart.description
    boxes[0].queryValue().currentValue = 32
    if not wait_for(lambda: "32" in chart.description and chart.description != before):
        fail("%s: the heatmap's description did not follow d_model 32: %r" % (label, chart.description))

    # An arrow in the focused heatmap: the selection moves and the bus hears of it.
    heard = []

    def listener(event):
        if event.source is not None and event.source.getRole() == pyatspi.ROLE_CHART:
            heard.append(event.source.description)

    heard_values = []

    def value_listener(event):
        if event.source is not None and event.source.getRole() == pyatspi.ROLE_CHART:
            heard_values.append(event.source.queryValue().currentValue)

    pyatspi.Registry.registerEventListener(listener, "object:property-change:accessible-description")
    pyatspi.Registry.registerEventListener(value_listener, "object:property-change:accessible-value")
    try:
        activate(app)
        chart.queryComponent().grabFocus()
        if not wait_for(lambda: chart.getState().contains(pyatspi.STATE_FOCUSED)):
            fail("%s: the heatmap did not take the focus" % label)
            return
        before = chart.description
        pyatspi.Registry.generateKeyboardEvent(0xFF53, None, pyatspi.KEY_SYM)  # Right
        if not wait_for(lambda: chart.description != before):
            fail("%s: Right did not move the heatmap's selection: %r" % (label, chart.description))
        if not wait_for(lambda: heard):
            fail("%s: no description-change event reached the bus" % label)
        # The value change carries the newly selected cell's value, which the chart then reads.
        if not wait_for(lambda: heard_values):
            fail("%s: no value-change event reached the bus" % label)
        elif abs(chart.queryValue().currentValue - heard_values[-1]) > 1e-12:
            fail("%s: the chart's value %r is not the one the event carried %r" % (label, chart.queryValue().currentValue, heard_values[-1]))
    finally:
        pyatspi.Registry.deregisterEventListener(listener, "object:property-change:accessible-description")
        pyatspi.Registry.deregisterEventListener(value_listener, "object:property-change:accessible-value")


def wait_for_display(timeout=TIMEOUT):
    """xvfb-run may start its command before Xvfb takes connections (seen under CTest): the
    window waits until the display's socket answers."""
    display = os.environ.get("DISPLAY", "")
    number = display.lstrip(":").split(".")[0]
    path = "/tmp/.X11-unix/X" + number
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
            try:
                # A connection setup (little-endian, protocol 11.0, no authorisation): any
                # answer, even a refusal for want of the cookie, means the server is serving.
                s.settimeout(2)
                s.connect(path)
                s.sendall(b"l\x00\x0b\x00\x00\x00\x00\x00\x00\x00\x00\x00")
                if s.recv(8):
                    return True
            except OSError:
                pass
        time.sleep(0.1)
    fail("the display %s never took a connection" % display)
    return False


def run(program, language):
    label = language
    with tempfile.TemporaryDirectory(prefix="pe-atspi-") as home:
        # A window that ends before it appears is started again, twice at most, saying so: under
        # CTest the display once refused the first client (Qt then aborts); a third is a failure.
        for attempt in range(3):
            process = launch(program, language, home + "/%d" % attempt)
            app = wait_for(lambda: application(process.pid) if process.poll() is None else "exited", timeout=60)
            if app != "exited":
                break
            print("%s: the window ended with exit code %s before it appeared (attempt %d)" % (label, process.returncode, attempt + 1), flush=True)
            time.sleep(1)
        try:
            if app == "exited":
                fail("%s: the window ended with exit code %s before it appeared, three times" % (label, process.returncode))
                return
            if app is None:
                fail("%s: the window never appeared on the bus" % label)
                return
            started = time.monotonic()
            objects, shown = check_window(app, label + ", start")
            check_heatmap(app, label)
            total = check_views(app, label + ", working")
            item = presentation_item(app)
            if item is None:
                fail("%s: no menu item with the shortcut F5" % label)
            else:
                press(item)
                time.sleep(0.5)
                total += check_views(app, label + ", F5")
            print("%s: %d objects read in %.1f s" % (label, objects + total, time.monotonic() - started), flush=True)
        finally:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()


def main():
    if len(sys.argv) != 2:
        print("usage: atspi-walk.py PATH/TO/pe-explorer", file=sys.stderr)
        return 2
    started = time.monotonic()
    if not wait_for_display():
        return 1
    for language in ("en", "zh_CN"):
        run(sys.argv[1], language)
    print("atspi-walk: %d failures, %.1f s" % (len(failures), time.monotonic() - started))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
