#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# What a screen reader sees (issue 20, item 4), through AT-SPI as Orca reads
# it: the editor runs as its own process with the accessibility bus, and
#  1. no push button, toggle button, menu button, entry, text field, spin
#     button, combo box or list item lacks a name or is named after its GTK
#     class, nor shows a mnemonic's underscore ("_Open Open"): in the editor
#     on a shipped scenario, in the shortcuts window and the file chooser it
#     opens (less GTK's own unnamed widgets of GTK_OWN, each documented in
#     docs/accessibility.md), and again while playing;
#  2. a move is played with the keyboard alone (real X key events through
#     xdotool): F5 and Enter start the playtest, the arrows bring the map's
#     hex cursor onto a unit, Enter selects it, Left and Enter move it; the
#     map's accessible description follows the cursor and says "Moved",
#     announced to the reader as an accessible-description change event;
#     F6 leaves the map and comes back to it;
#  3. the playtest set-up dialog gives a side to the computer from the
#     keyboard (Tab to the German player's row, Space opens its list), and
#     the computer's strip (pace, Skip, Stop) has every control named.
# The ui suite runs with GTK_A11Y=test NO_AT_BRIDGE=1 on a shared bus: this
# test starts its own session bus and at-spi-bus-launcher. Every wait polls
# with a deadline. Speaks TAP.
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

CHECKED_ROLES = {
    'push button', 'toggle button', 'menu button', 'entry', 'text', 'password text',
    'spin button', 'combo box', 'list item',
}
CLASS_NAME = re.compile(r'^(Gtk|Adw|Editor)[A-Z][A-Za-z]+$')
MNEMONIC = re.compile(r'(^|\s)_\w|[A-Za-z]_[A-Za-z]')
# What GTK 4.8 builds inside its own dialogs and leaves unnamed, which the
# editor cannot name from outside without guessing at GTK's private widgets
# (docs/accessibility.md, "GTK's own dialogs"). Each entry is exempt at most
# `count` times, only in its dialog and only under the ancestor named: a
# new unnamed control, or one more of these, still fails.
#   (dialog, role, name GTK gives it, a GTK ancestor it sits under, count)
GTK_OWN = [
    # GtkShortcutsWindow's header bar: the search toggle (an icon alone,
    # no tooltip) and the section menu button (hidden with one section;
    # the menu button and its inner toggle).
    ('shortcuts window', 'push button', 'GtkImage', None, 1),
    ('shortcuts window', 'push button', 'GtkMenuButton', 'GtkStackPage', 2),
    # GtkFileChooserWidget: GtkPathBar's two scroll arrows and its root
    # button (an icon alone), the search entry (no placeholder; hidden
    # until a search), and GtkPlacesView's recent-servers menu button in
    # its "Connect to Server" bar (hidden until Other Locations).
    ('file chooser', 'push button', 'GtkImage', 'GtkPathBar', 2),
    ('file chooser', 'push button', 'GtkToggleButton', 'GtkPathBar', 1),
    ('file chooser', 'entry', 'GtkSearchEntry', 'GtkStackPage', 1),
    ('file chooser', 'push button', 'GtkMenuButton', 'GtkActionBar', 2),
]
SCENARIO = [
    'new fpw1870 10x10',
    'marker supply 0101 german name=S',
    'marker supply 0110 french name=F',
    'unit de1 german combat 0805 strength=6 ma=6',
    'unit fr1 french combat 0205 strength=6 ma=6',
]

tests_run = 0
failed = False


def tap(ok, what, detail=None):
    global tests_run, failed
    tests_run += 1
    print(('ok %d - %s' if ok else 'not ok %d - %s') % (tests_run, what))
    if detail:
        for line in str(detail).splitlines():
            print('# ' + line)
    sys.stdout.flush()
    failed |= not ok
    return ok


def skip_all(reason):
    print('1..0 # SKIP ' + reason)
    sys.exit(0)


def pump():
    """Deliver the AT-SPI events that arrived (pyatspi runs on GLib's loop)."""
    glib = sys.modules.get('gi.repository.GLib')
    if glib is not None:
        context = glib.MainContext.default()
        while context.iteration(False):
            pass


def wait_for(check, timeout, what):
    end = time.time() + timeout
    while True:
        pump()
        value = check()
        if value:
            return value
        if time.time() > end:
            raise TimeoutError(what)
        time.sleep(0.05)


def find_launcher():
    for path in ('/usr/libexec/at-spi-bus-launcher', '/usr/lib/at-spi2-core/at-spi-bus-launcher',
                 '/usr/lib/at-spi2/at-spi-bus-launcher'):
        if os.access(path, os.X_OK):
            return path
    return shutil.which('at-spi-bus-launcher')


def name_has_owner(name):
    out = subprocess.run(['gdbus', 'call', '--session', '--dest', 'org.freedesktop.DBus',
                          '--object-path', '/org/freedesktop/DBus',
                          '--method', 'org.freedesktop.DBus.NameHasOwner', name],
                         capture_output=True, text=True)
    return 'true' in out.stdout


def walk(node, out, depth=0):
    """Every accessible under node, with its role, name and description."""
    try:
        role, name, desc = node.getRoleName(), node.name or '', node.description or ''
        count = node.childCount
    except Exception:
        return out
    out.append((node, role, name, desc))
    if depth > 60:
        return out
    for i in range(count):
        try:
            child = node.getChildAtIndex(i)
        except Exception:
            continue
        if child is not None:
            walk(child, out, depth + 1)
    return out


def ancestors(node):
    """The names of node's ancestors, nearest first."""
    names = []
    try:
        node = node.parent
        while node is not None and len(names) < 40:
            names.append(node.name or '')
            node = node.parent
    except Exception:
        pass
    return names


def offenders(app, dialog=None, exempt=None):
    """Controls without a proper name, less GTK_OWN's entries for dialog;
    the exemptions used are counted into exempt."""
    left = {i: e[4] for i, e in enumerate(GTK_OWN) if e[0] == dialog}
    bad = {}
    for node, role, name, desc in walk(app, []):
        if role not in CHECKED_ROLES:
            continue
        if name.strip() == '' or CLASS_NAME.match(name) or MNEMONIC.search(name):
            above = ancestors(node)
            hit = next((i for i, n in left.items() if n > 0 and GTK_OWN[i][1] == role
                        and GTK_OWN[i][2] == name
                        and (GTK_OWN[i][3] is None or GTK_OWN[i][3] in above)), None)
            if hit is not None:
                left[hit] -= 1
                if exempt is not None:
                    exempt[hit] = exempt.get(hit, 0) + 1
                continue
            key = '%s %r (%s) under %s' % (role, name, desc[:60],
                                          ' < '.join(n for n in above[:6] if n))
            bad[key] = bad.get(key, 0) + 1
    return ['%d × %s' % (n, k) for k, n in sorted(bad.items())]


def gtk_dialog(editor, keys, title, dialog, press=None, expect=()):
    """Opens one of GTK's dialogs with keys, presses the button named press
    in it (a popover to open) until list items named expect show, checks
    its controls as offenders() does with dialog's exemptions, and closes
    it."""
    editor.focus_window()
    editor.key(*keys)
    window = wait_for(lambda: _window(editor, title), 20, 'the window ' + title)
    if press is not None:
        button = wait_for(lambda: next((node for node, role, name, desc in walk(window, [])
                                        if role == 'push button' and name == press), None),
                          20, 'the button ' + press)
        button.queryAction().doAction(0)
        wait_for(lambda: set(expect) <= {name for node, role, name, desc in walk(window, [])
                                         if role == 'list item'}, 20, ', '.join(expect))
    # Its pages are filled in as it maps: wait until the walk settles.
    seen = -1
    for _ in range(40):
        count = len(walk(window, []))
        if count == seen:
            break
        seen = count
        time.sleep(0.25)
        pump()
    exempt = {}
    bad = offenders(window, dialog, exempt)
    # Escape closes the popover first, if one is open, then the window.
    for _ in range(3):
        editor.key('Escape')
        try:
            wait_for(lambda: _window(editor, title) is None, 5, 'the window %s to close' % title)
            break
        except TimeoutError:
            pass
    wait_for(lambda: _window(editor, title) is None, 20, 'the window %s to close' % title)
    unused = ['%s %r under %s: %d of %d' % (e[1], e[2], e[3], exempt.get(i, 0), e[4])
              for i, e in enumerate(GTK_OWN) if e[0] == dialog and exempt.get(i, 0) < e[4]]
    return bad, unused


class Editor:
    def __init__(self, pyatspi, exe, path, env):
        self.pyatspi = pyatspi
        self.path = path
        self.proc = subprocess.Popen([exe, path], env=env, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.PIPE)
        self.app = wait_for(self._find_app, 60, 'the editor on the accessibility bus')
        self.frame = wait_for(self._find_frame, 60, 'the editor window')

    def _find_app(self):
        if self.proc.poll() is not None:
            raise RuntimeError('the editor exited: ' + self.proc.stderr.read().decode()[-2000:])
        desktop = self.pyatspi.Registry.getDesktop(0)
        for i in range(desktop.childCount):
            app = desktop.getChildAtIndex(i)
            try:
                if app is not None and app.get_process_id() == self.proc.pid:
                    return app
            except Exception:
                continue
        return None

    def _find_frame(self):
        base = os.path.basename(self.path)
        for i in range(self.app.childCount):
            child = self.app.getChildAtIndex(i)
            if child is not None and base in (child.name or ''):
                return child
        return None

    def find(self, pred):
        for node, role, name, desc in walk(self.frame, []):
            if pred(role, name, desc):
                return node
        return None

    def canvas(self):
        return self.find(lambda role, name, desc: role == 'image' and name == 'Map')

    def focus_window(self):
        subprocess.run(['xdotool', 'search', '--sync', '--onlyvisible', '--pid', str(self.proc.pid),
                        '--name', re.escape(os.path.basename(self.path)),
                        'windowfocus', '--sync'],
                       capture_output=True, timeout=20)

    def key(self, *keys):
        for k in keys:
            subprocess.run(['xdotool', 'key', '--clearmodifiers', k], check=True, timeout=10)

    def close(self):
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def description(node):
    try:
        return node.description or ''
    except Exception:
        return ''


def main():
    if len(sys.argv) < 3:
        print('usage: test-a11y-atspi.py EDITOR CLI', file=sys.stderr)
        sys.exit(2)
    exe, cli = sys.argv[1], sys.argv[2]
    if not os.environ.get('DISPLAY'):
        skip_all('no display')
    for tool in ('dbus-run-session', 'xdotool', 'gdbus'):
        if shutil.which(tool) is None:
            skip_all(tool + ' is not installed (tools/dev.sh deps)')
    launcher = find_launcher()
    if launcher is None:
        skip_all('at-spi2-core is not installed (tools/dev.sh deps)')

    # A session bus of our own, whatever the suite runs under.
    if os.environ.get('SANDTABLE_ATSPI_BUS') != '1':
        env = dict(os.environ, SANDTABLE_ATSPI_BUS='1')
        os.execvpe('dbus-run-session', ['dbus-run-session', '--', sys.executable, *sys.argv], env)

    bus = subprocess.Popen([launcher, '--launch-immediately'], stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
    editors = []
    home = tempfile.mkdtemp(prefix='sandtable-atspi-')
    try:
        wait_for(lambda: name_has_owner('org.a11y.Bus'), 20, 'the accessibility bus')
        try:
            import pyatspi
        except ImportError:
            skip_all('python3-pyatspi is not installed (tools/dev.sh deps)')

        env = dict(os.environ)
        for var in ('GTK_A11Y', 'NO_AT_BRIDGE'):
            env.pop(var, None)
        for var in ('XDG_DATA_HOME', 'XDG_CONFIG_HOME', 'XDG_CACHE_HOME', 'XDG_STATE_HOME'):
            env[var] = os.path.join(home, var)
            os.makedirs(env[var])
        env['GSETTINGS_BACKEND'] = 'memory'

        print('1..13')

        # 1. The editor on a shipped scenario: every control named.
        data = os.environ.get('SANDTABLE_DATADIR', 'data')
        editor = Editor(pyatspi, exe, os.path.join(data, 'scenarios', 'fpw1870.xml'), env)
        editors.append(editor)
        bad = offenders(editor.app)
        tap(not bad, 'every control of the editor has a name', '\n'.join(bad))

        # GTK's own dialogs: the shortcuts window (named by the editor's
        # help-overlay.ui, as is all its content) and the file chooser
        # (GtkFileChooserNative falls back to GTK's own dialog where no
        # portal runs, as here) with its filters' list open, each with
        # GTK_OWN's exemptions alone.
        for keys, title, dialog, press, expect in (
                (['ctrl+question'], 'Keyboard Shortcuts', 'shortcuts window', None, ()),
                (['ctrl+o'], 'Open Scenario', 'file chooser',
                 'Select which types of files are shown', ('Scenarios', 'All Files'))):
            bad, unused = gtk_dialog(editor, keys, title, dialog, press, expect)
            tap(not bad, 'every control of the %s has a name, less GTK\'s documented own widgets'
                % dialog, '\n'.join(bad + ['exemption not needed here: ' + u for u in unused]))
        editor.close()
        editors.remove(editor)

        # 2. A small battle, played from the keyboard.
        battle = os.path.join(home, 'battle.xml')
        script = '\n'.join(SCENARIO + ['save ' + battle]) + '\n'
        subprocess.run([cli, 'play', '--script', '/dev/stdin'], input=script, text=True,
                       check=True, capture_output=True, timeout=60)
        editor = Editor(pyatspi, exe, battle, env)
        editors.append(editor)
        # What a screen reader is told: the map's description changes.
        said = []
        pyatspi.Registry.registerEventListener(
            lambda ev: said.append(str(ev.any_data)) if ev.source is not None
            and ev.source.name == 'Map' else None,
            'object:property-change:accessible-description')
        editor.focus_window()
        canvas = wait_for(editor.canvas, 20, 'the map canvas')
        wait_for(lambda: canvas.getState().contains(pyatspi.STATE_FOCUSED), 20,
                 'the map to have the keyboard focus')
        first = wait_for(lambda: description(canvas), 20, 'a description of the map')
        tap(first.startswith('Hex 0101'), 'the map describes the hex under the cursor', first)

        editor.key('F5')
        dialog = wait_for(lambda: _dialog(editor), 20, 'the playtest set-up dialog')
        bad = offenders(dialog)
        tap(not bad, 'every control of the playtest set-up dialog has a name', '\n'.join(bad))
        editor.key('Return')
        wait_for(lambda: _dialog(editor) is None, 20, 'the set-up dialog to close')
        editor.focus_window()
        turn = wait_for(lambda: _turn(editor), 20, 'the playtest bar')
        for _ in range(6):
            if 'Movement' in turn:
                break
            # Set-Up Done while a side sets up, then End Phase: one key
            editor.key('alt+p')
            old = turn
            turn = wait_for(lambda: (_turn(editor) if _turn(editor) != old else None), 20,
                            'the next phase')
        tap('Movement' in turn, 'Alt+P ends the set-ups, then phases until a movement phase',
            turn)
        side_unit, cols = ('de1', 7) if 'German' in turn else ('fr1', 1)
        wait_for(lambda: canvas.getState().contains(pyatspi.STATE_FOCUSED), 20,
                 'the map to have the focus while playing')

        # The cursor from 0101 along the row, then down the column.
        editor.key(*(['Right'] * cols + ['Down'] * 4))
        target = '%02d05' % (cols + 1)
        here = wait_for(lambda: description(canvas) if description(canvas).startswith(
            'Hex ' + target) else None, 20, 'the cursor on ' + target)
        tap(side_unit in here, 'the description names the unit under the cursor', here)
        editor.key('Return')
        selected = wait_for(lambda: description(canvas) if description(canvas).startswith(
            'Selected') else None, 20, 'the selection to be read')
        editor.key('Left', 'Return')
        moved = wait_for(lambda: description(canvas) if description(canvas).startswith(
            'Moved') else None, 20, 'the move to be read')
        dest = '%02d05' % cols
        tap(('Moved %s to %s' % (side_unit, dest)) in moved and ('Unit: ' + side_unit) in moved,
            'Enter moves the selected unit and the reader hears it', selected + '\n' + moved)

        wait_for(lambda: any(text.startswith('Moved') for text in said), 20,
                 'the move to be announced')
        tap(True, 'the move is announced as a description change event', said[-1])

        # F6 leaves the map and comes back to it.
        focused = lambda: canvas.getState().contains(pyatspi.STATE_FOCUSED)
        editor.key('F6')
        wait_for(lambda: not focused(), 20, 'F6 to leave the map')
        editor.key('F6')
        wait_for(focused, 20, 'F6 to come back to the map')
        tap(True, 'F6 leaves the map and brings the keyboard back to it')

        bad = offenders(editor.app)
        tap(not bad, 'every control of the playtest has a name', '\n'.join(bad))
        editor.close()
        editors.remove(editor)

        # 3. The same battle against the computer, chosen from the keyboard:
        # from Play (the dialog's focus) Tab reaches the French player's
        # row, then the German's; Space opens its list.
        editor = Editor(pyatspi, exe, battle, env)
        editors.append(editor)
        editor.focus_window()
        wait_for(editor.canvas, 20, 'the map canvas')
        editor.key('F5')
        dialog = wait_for(lambda: _dialog(editor), 20, 'the playtest set-up dialog')
        editor.key('Tab', 'Tab', 'space')
        wait_for(lambda: 'Computer · Fast' in [name for node, role, name, desc in walk(dialog, [])
                                               if role == 'list item'],
                 20, "the German player's list")
        # Down twice to Computer · Fast, Enter picks it, Enter plays.
        editor.key('Down', 'Down', 'Return', 'Return')
        wait_for(lambda: _dialog(editor) is None, 20, 'the set-up dialog to close')
        # The computer's strip, with its Stop, shows only with a computer side.
        wait_for(lambda: editor.find(lambda role, name, desc: role == 'push button'
                                     and name == 'Stop'), 20, "the computer's Stop")
        tap(True, 'the set-up dialog gives a side to the computer from the keyboard')
        bad = offenders(editor.app)
        tap(not bad, 'every control of a playtest against the computer has a name',
            '\n'.join(bad))
    except Exception as e:  # a wait that timed out, or the editor gone
        tap(False, 'the accessibility walk ran to its end', repr(e))
        for editor in editors:
            try:
                labels = [name for node, role, name, desc in walk(editor.app, [])
                          if role in ('label', 'push button', 'toggle button') and name]
                print('# what the editor shows: ' + ' | '.join(labels[:60]))
                print('# its windows: ' + ' | '.join(
                    '%s %r' % (c.getRoleName(), c.name) for c in editor.app))
            except Exception:
                pass
        for editor in editors:
            if editor.proc.poll() is not None:
                print('# ' + editor.proc.stderr.read().decode()[-2000:].replace('\n', '\n# '))
    finally:
        for editor in editors:
            editor.close()
        bus.terminate()
        try:
            bus.wait(10)
        except subprocess.TimeoutExpired:
            bus.kill()
        shutil.rmtree(home, ignore_errors=True)
    sys.exit(1 if failed else 0)


def _dialog(editor):
    """The playtest set-up dialog, once shown (a second window)."""
    for i in range(editor.app.childCount):
        child = editor.app.getChildAtIndex(i)
        if child is not None and child.name == 'Playtest':
            return child
    return None


def _window(editor, title):
    """The application's window named title, once shown."""
    for i in range(editor.app.childCount):
        child = editor.app.getChildAtIndex(i)
        if child is not None and child.name == title:
            return child
    return None


def _turn(editor):
    """The playtest bar's turn label ("Turn 1 of 6 · German: Movement", or
    "Set-up · French, before turn 1 of 6" while a side sets up)."""
    node = editor.find(lambda role, name, desc: role == 'label' and (
        name.startswith('Turn ') or name.startswith('Set-up · ')))
    return node.name if node is not None else None


if __name__ == '__main__':
    main()
