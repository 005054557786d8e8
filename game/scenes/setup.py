"""Setup: seats (human or AI level), names, colours, the game's options and a seed."""
from __future__ import annotations

import random

import pygame

from game.core import names as NM
from game.core.i18n import N_, _, ngettext, pgettext
from game.core.names import MAX_NAME, clean_name, name_problem
from game.core.rules import Seat
from game.games import get_game, get_rules
from game.scenes.common import Background, draw_message, draw_title
from game.scenes.manager import Scene
from game.ui import theme as T
from game.ui.help import HelpOverlay
from game.ui.widgets import Button, draw_panel, layout_row

KINDS = ["human", "easy", "medium", "hard", "empty"]
# who sits in a seat, as setup shows it (translated when drawn)
KIND_LABELS = {"human": N_("Human"), "easy": N_("AI - Easy"), "medium": N_("AI - Medium"),
               "hard": N_("AI - Hard"), "empty": N_("(empty seat)"),
               # i18n: who sits in a seat: a person playing from another machine (a hosted game)
               "network": N_("Network player")}
NET_KINDS = KINDS[:1] + ["network"] + KINDS[1:]   # a hosted table's seats: a person may be on another machine
NAMES = ["Ann", "Bruno", "Cleo", "Dario", "Ella", "Femi"]
NAME_FIELD_CHARS = 14   # what the name field shows; within the rule every record loads by


def drawable(name: str) -> tuple[str, int]:
    """``name`` without the characters no font of the game can draw, and how many were left out
    (all kept when game/ui/text.py, which knows the fonts, is not there)."""
    try:
        from game.ui.text import can_draw, missing_characters
    except ImportError:
        return name, 0
    if can_draw(name):
        return name, 0
    missing = set(missing_characters(name))
    kept = "".join(ch for ch in name if ch not in missing)
    return kept, len(name) - len(kept)


def _empty(name: str) -> bool:
    """True when ``name`` has no character that shows (the names rule's own test when it has one)."""
    visible = getattr(NM, "_visible", lambda ch: not ch.isspace() and ch.isprintable())
    return not any(visible(ch) for ch in name)


def name_refusal(i: int, name: str) -> str | None:
    """Why the name of player ``i`` (from 0) cannot be used, in the player's words; None if it can."""
    if not name_problem(name):
        return None
    n = i + 1
    if _empty(name):
        return _("Every player needs a name.")
    if len(name) > MAX_NAME:
        # i18n: {n} is the player's seat number (1, 2, ..)
        return ngettext("The name of player {n} is longer than {most} character.",
                        "The name of player {n} is longer than {most} characters.", MAX_NAME).format(
            n=n, most=MAX_NAME)
    # i18n: {n} is the player's seat number (1, 2, ..)
    return _("The name of player {n} has a control character or a line break in it.").format(n=n)


def check_seats(rules, seats: list[Seat], options: dict) -> str | None:
    """A player-readable reason why these seats cannot start, or None."""
    n = len([s for s in seats if s.kind != "imaginary"])
    if n < rules.min_players or n > rules.max_players:
        # i18n: {game} is the game's title; {low} to {high} players may play, {n} sit at the table now
        return ngettext("{game} needs {low} to {high} players; {n} seated.",
                        "{game} needs {low} to {high} players; {n} seated.", n).format(
            game=_(rules.title), low=rules.min_players, high=rules.max_players, n=n)
    colors = [s.color for s in seats]
    if len(set(colors)) != len(colors):
        return _("Two players have the same colour; give each a different one.")
    names = [s.name.strip() for s in seats]
    for i, nm in enumerate(names):
        if seats[i].kind == "imaginary":
            continue                    # named by the rules
        refusal = name_refusal(i, nm)
        if refusal:
            return refusal
        if drawable(nm)[1]:
            # i18n: {n} is the player's seat number (1, 2, ..)
            return _("The name of player {n} has characters the game cannot show; "
                     "please type it another way.").format(n=i + 1)
    if len(set(names)) != len(names):
        return _("Two players have the same name.")
    return rules.validate_setup(seats, options)


class SetupScene(Scene):
    def __init__(self, app, game_id: str, network: bool = False):
        super().__init__(app)
        self.network = network       # hosting a table: a seat may be a person on another machine
        self.kind_list = NET_KINDS if network else KINDS
        self.game_id = game_id
        self.rules = get_rules(game_id)
        self.entry = get_game(game_id)
        self.bg = Background()
        self.colors = list(self.rules.seat_colors)
        n = self.rules.max_players
        self.kinds = ["human"] + ["medium"] * (max(2, self.rules.min_players) - 1)
        self.kinds += ["empty"] * (n - len(self.kinds))
        self.names = [NAMES[i % len(NAMES)] for i in range(n)]
        self.seat_colors = [self.colors[i % len(self.colors)] for i in range(n)]
        self.options = {o["key"]: o.get("default") for o in self.rules.options_spec}
        self.extra_color: str | None = None   # colour chosen for a seat the rules add (It Happens..' imaginary player)
        self._recall(app.settings["last_seats"].get(game_id))
        if network and "network" not in self.kinds:
            self.kinds[1] = "network"
        self.seed_text = ""
        self.guided = False          # a guided first turn for the first human
        self.message = ""
        self.focus = (0, 0)          # (row, col); rows: seats, options, seed, buttons
        self.editing: int | None = None  # seat whose name is being typed; -1 = seed
        self.hit_boxes: list[tuple[pygame.Rect, tuple]] = []
        self.start_btn = Button("", "start", style="primary")
        self.back_btn = Button("", "back")
        self.rules_btn = Button("", "rules")
        self._labels()
        self.help: HelpOverlay | None = None

    def _labels(self):
        """The buttons' words, read from the catalog (again when the language changes)."""
        self.start_btn.label = _("Start game")
        # i18n: a button: back to the previous screen
        self.back_btn.label = pgettext("button", "Back")
        # i18n: a button that opens the rules; F1 is the key that does it too
        self.rules_btn.label = _("How to play (F1)")

    # -- the last game's seats -----------------------------------------------
    def remembered(self) -> dict:
        """This setup as the settings keep it for the next time (ids, names as typed, values)."""
        return {"kinds": list(self.kinds), "names": list(self.names), "colors": list(self.seat_colors),
                "extra_color": self.extra_color, "options": dict(self.options)}

    def _recall(self, entry) -> bool:
        """Start from the seats and options of the last game started for this game, when they still
        fit its rules (seat count, kinds, colours, options) and could start again; else keep the
        defaults. True when they were taken."""
        from game.ui.settings import valid_seats_entry
        n = self.rules.max_players
        if not valid_seats_entry(entry) or len(entry["kinds"]) != n or not set(entry["kinds"]) <= set(KINDS):
            return False
        if not set(entry["colors"]) <= set(self.colors):
            return False
        options = dict(self.options)
        for o in self.rules.options_spec:
            v = entry["options"].get(o["key"], options[o["key"]])
            if type(v) is not type(options[o["key"]]) and options[o["key"]] is not None:
                return False
            options[o["key"]] = v
        names = [clean_name(nm, NAME_FIELD_CHARS) or NAMES[i % len(NAMES)] for i, nm in enumerate(entry["names"])]
        before = (self.kinds, self.names, self.seat_colors, self.options, self.extra_color)
        self.kinds, self.names, self.seat_colors = list(entry["kinds"]), names, list(entry["colors"])
        self.options = options
        extra = entry["extra_color"]
        self.extra_color = extra if extra in self.colors else None
        if check_seats(self.rules, self.seats(), self.options) is not None:
            self.kinds, self.names, self.seat_colors, self.options, self.extra_color = before
            return False
        return True

    def _remember(self):
        """Keep these seats and options for the next setup of this game (in the settings file)."""
        from game.ui import settings as S
        S.remember_seats(self.app.settings, self.game_id, self.remembered())

    # -- model -------------------------------------------------------------
    def seats(self) -> list[Seat]:
        seats = [Seat(self.names[i].strip(), self.seat_colors[i], "human" if self.kinds[i] == "network" else self.kinds[i])
                 for i in range(len(self.kinds)) if self.kinds[i] != "empty"]
        extra = self.extra_seat(seats)
        return seats + [extra] if extra else seats

    def net_seats(self) -> list[int]:
        """The seats (as ``seats()`` lists them) played from other machines."""
        taken = [k for k in self.kinds if k != "empty"]
        return [i for i, k in enumerate(taken) if k == "network"]

    def extra_seat(self, seats) -> Seat | None:
        """The seat the rules add for this many players, with the colour chosen for it (or None)."""
        name = self.rules.imaginary_seat(len(seats))
        if name is None:
            return None
        free = [c for c in self.colors if c not in {s.color for s in seats}]
        if self.extra_color not in free:
            self.extra_color = free[0] if free else None
        return Seat(name, self.extra_color, "imaginary") if self.extra_color else None

    def _cycle_extra_color(self, step=1):
        real = [s for s in self.seats() if s.kind != "imaginary"]
        free = [c for c in self.colors if c not in {s.color for s in real}]
        if self.extra_color in free:
            self.extra_color = free[(free.index(self.extra_color) + step) % len(free)]

    def _rows(self):
        rows = [("seat", i) for i in range(len(self.kinds))]
        if any(s.kind == "imaginary" for s in self.seats()):
            rows.append(("extra", None))
        rows += [("option", o["key"]) for o in self.rules.options_spec]
        rows += [("guided", None), ("confirm", None), ("seed", None), ("buttons", None)]
        return rows

    def _cycle_kind(self, i, step=1):
        kinds = self.kind_list
        k = kinds.index(self.kinds[i])
        self.kinds[i] = kinds[(k + step) % len(kinds)]

    def _cycle_color(self, i, step=1):
        used = {self.seat_colors[j] for j in range(len(self.kinds)) if j != i and self.kinds[j] != "empty"}
        k = self.colors.index(self.seat_colors[i])
        for _step in range(len(self.colors)):
            k = (k + step) % len(self.colors)
            if self.colors[k] not in used:
                break
        self.seat_colors[i] = self.colors[k]

    def _toggle(self, key):
        self.options[key] = not self.options[key]

    def start(self):
        seats = self.seats()
        problem = check_seats(self.rules, seats, self.options)
        seed_s = self.seed_text.strip()
        if not problem and seed_s and not seed_s.isdigit():
            problem = _("The seed must be a whole number (or left empty for a random game).")
        if problem:
            self.message = problem
            self.dirty = True
            return
        if not problem and self.network and not self.net_seats():
            problem = _("Choose at least one Network player (a person on another machine).")
        if problem:
            self.message = problem
            self.dirty = True
            return
        seed = int(seed_s) if seed_s else random.SystemRandom().randrange(1, 10**9)
        if self.network:
            from game.scenes.net_play import HostScene
            self.app.scenes.push(HostScene(self.app, self.game_id, seats, self.net_seats(), seed,
                                           dict(self.options)))
            return
        self._remember()
        from game.scenes.play import PlayScene
        self.app.scenes.push(PlayScene(self.app, self.game_id, seats, seed, dict(self.options),
                                       guided=self.guided))

    # -- input ---------------------------------------------------------------
    def _toggle_confirm(self):
        """The player's setting (also in Settings), kept for the next games too."""
        from game.ui import settings as S
        self.app.settings.set("confirm_placements", not self.app.settings["confirm_placements"])
        S.save(self.app.settings)

    def _act(self, target):
        kind, a, b = target
        self.message = ""
        if kind == "rules":
            self.help = HelpOverlay(self.game_id, self.entry.title)
        elif kind == "kind":
            self._cycle_kind(a)
        elif kind == "name":
            self.editing = a
        elif kind == "color":
            self._cycle_color(a)
        elif kind == "extra_color":
            self._cycle_extra_color()
        elif kind == "option":
            self._toggle(a)
        elif kind == "guided":
            self.guided = not self.guided
        elif kind == "confirm":
            self._toggle_confirm()
        elif kind == "seed":
            self.editing = -1
        elif kind == "start":
            self.start()
        elif kind == "back":
            self.app.scenes.pop()
        self.dirty = True

    def handle(self, ev):
        if self.help is not None:           # the rules, over the setup: they take every input
            if self.help.handle(ev) == "close":
                self.help = None
            self.dirty = True
            return
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_F1 and self.editing is None:
            self._act(("rules", None, None))
            self.dirty = True
            return
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button in (1, 3):
            self.editing = None
            for r, target in self.hit_boxes:
                if r.collidepoint(ev.pos):
                    if ev.button == 3 and target[0] == "kind":
                        self._cycle_kind(target[1], -1)
                        self.dirty = True
                    else:
                        self._act(target)
                    return
            self.dirty = True
        elif ev.type == pygame.MOUSEMOTION:
            for b in (self.start_btn, self.back_btn, self.rules_btn):
                h = b.rect.collidepoint(ev.pos)
                if h != b.hover:
                    b.hover = h
                    self.dirty = True
        elif ev.type == pygame.TEXTINPUT and self.editing is not None:
            if self.editing == -1:
                if ev.text.isdigit() and len(self.seed_text) < 12:
                    self.seed_text += ev.text
            else:
                self._type_name(self.editing, ev.text)
            self.dirty = True
        elif ev.type == pygame.KEYDOWN:
            self.dirty = True
            self._key(ev)

    def _type_name(self, i: int, typed: str):
        """Add what was typed to the name of seat ``i``; characters no font can draw are refused
        (said in words) rather than shown as boxes."""
        kept, left_out = drawable(typed)
        if left_out:
            self.message = ngettext("That character cannot be shown in the game, so it was left out of the name.",
                                    "Those characters cannot be shown in the game, so they were left out of the name.",
                                    left_out)
        self.names[i] = clean_name(self.names[i] + kept, NAME_FIELD_CHARS)

    def _key(self, ev):
        if self.editing is not None:
            if ev.key == pygame.K_BACKSPACE:
                if self.editing == -1:
                    self.seed_text = self.seed_text[:-1]
                else:
                    self.names[self.editing] = self.names[self.editing][:-1]
            elif ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_TAB):
                self.editing = None
            return
        rows = self._rows()
        r, c = self.focus
        kind, key = rows[r]
        if ev.key == pygame.K_ESCAPE:
            self.app.scenes.pop()
        elif ev.key in (pygame.K_DOWN, pygame.K_TAB):
            self.focus = ((r + 1) % len(rows), 0)
        elif ev.key == pygame.K_UP:
            self.focus = ((r - 1) % len(rows), 0)
        elif ev.key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = 1 if ev.key == pygame.K_RIGHT else -1
            if kind == "seat":
                self.focus = (r, (c + step) % 3)
            elif kind == "extra":
                self._cycle_extra_color(step)
            elif kind in ("option", "guided", "confirm"):   # a switch flips either way, as a click does
                self._act((kind, key, None))
            elif kind == "buttons":
                self.focus = (r, (c + step) % 2)
        elif ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            # the focused control does what a click on it does
            if kind == "seat":
                self._act((("kind", "name", "color")[c], key, None))
            elif kind == "extra":
                self._act(("extra_color", None, None))
            elif kind == "buttons":
                self._act(("start" if c == 0 else "back", None, None))
            else:                                   # option, guided, confirm, seed
                self._act((kind, key, None))
        elif ev.key == pygame.K_s and ev.mod & pygame.KMOD_CTRL:
            self.start()

    # -- drawing -------------------------------------------------------------
    def enter(self):
        super().enter()
        self._labels()
        pygame.key.start_text_input()

    def draw(self, surf):
        th = self.th
        self._labels()      # in the language chosen now (Settings may have changed it)
        W, H = surf.get_size()
        surf.blit(self.bg.get((W, H)), (0, 0))
        # i18n: under the game's title in setup; {low}-{high} is how many may play
        draw_title(surf, th, _(self.entry.title), ngettext(
            "{low}-{high} players. Choose who sits at the table.",
            "{low}-{high} players. Choose who sits at the table.", self.entry.max_players).format(
            low=self.entry.min_players, high=self.entry.max_players))
        self.hit_boxes = []
        rows = self._rows()
        focus_row, focus_col = self.focus
        left = pygame.Rect(th.px(60), th.px(190), int(W * 0.56), H - th.px(300))
        right = pygame.Rect(left.right + th.px(40), left.y, W - left.right - th.px(100), left.h)
        draw_panel(surf, left, th)
        draw_panel(surf, right, th)
        pad = th.px(24)
        # i18n: the heading of setup's list of players
        surf.blit(th.text(pgettext("setup", "Seats"), "title", T.INK, bold=True), (left.x + pad, left.y + pad))
        n = len(self.kinds)
        extra = next((s for s in self.seats() if s.kind == "imaginary"), None)
        row_h = min(th.px(78), (left.h - th.px(130)) // (n + (1 if extra else 0)))
        y = left.y + th.px(90)
        inner_w = left.w - pad * 2
        # i18n: the column headings of setup's seats: who plays (a person or an AI), name, colour
        heads = (_("Who plays"), pgettext("column", "Name"), pgettext("column", "Colour"))
        for label, fx in zip(heads, (0.0, 0.3, 0.66)):
            surf.blit(th.text(label, "small", T.INK_SOFT, bold=True),
                      (left.x + pad + th.px(36) + int((inner_w - th.px(36)) * fx) + th.px(4), y - th.px(4)))
        y += th.px(26)
        for i in range(n):
            rr = pygame.Rect(left.x + pad, y, left.w - pad * 2, row_h - th.px(10))
            active = self.kinds[i] != "empty"
            focused = focus_row == i
            num = th.text(str(i + 1), "label", T.INK_SOFT, bold=True)
            surf.blit(num, (rr.x, rr.centery - num.get_height() // 2))
            kx = rr.x + th.px(36)
            kind_r = pygame.Rect(kx, rr.y, int(rr.w * 0.3), rr.h)
            name_r = pygame.Rect(kind_r.right + th.px(14), rr.y, int(rr.w * 0.36), rr.h)
            col_r = pygame.Rect(name_r.right + th.px(14), rr.y, rr.right - name_r.right - th.px(14), rr.h)
            self._field(surf, kind_r, _(KIND_LABELS[self.kinds[i]]), focused and focus_col == 0,
                        fill=(236, 224, 200) if active else (214, 204, 186))
            self.hit_boxes.append((kind_r, ("kind", i, None)))
            if active:
                editing = self.editing == i
                self._field(surf, name_r, self.names[i] + ("|" if editing else ""), focused and focus_col == 1,
                            fill=(255, 252, 240) if editing else (246, 238, 220))
                self.hit_boxes.append((name_r, ("name", i, None)))
                rgb = T.PLAYER_COLORS.get(self.seat_colors[i], (200, 200, 200))
                self._field(surf, col_r, T.color_name(self.seat_colors[i]), focused and focus_col == 2,
                            fill=rgb, ink=T.contrast_ink(rgb))
                T.draw_symbol(surf, T.PLAYER_SYMBOLS.get(self.seat_colors[i], "circle"),
                              (col_r.right - col_r.h // 2, col_r.centery), col_r.h // 4, T.WHITE)
                self.hit_boxes.append((col_r, ("color", i, None)))
            y += row_h
        if extra is not None:
            self._draw_extra(surf, extra, pygame.Rect(left.x + pad, y, left.w - pad * 2, row_h - th.px(10)),
                             focus_row == n)
        # right panel: options, seed, buttons
        x = right.x + pad
        y = right.y + pad
        # i18n: the heading of the game's options in setup
        surf.blit(th.text(pgettext("setup", "Options"), "title", T.INK, bold=True), (x, y))
        y += th.px(66)
        specs = self.rules.options_spec
        for k, o in enumerate(specs):
            r_index = n + (1 if extra else 0) + k
            label = o["label"]             # an N_() message of the rules
            y = self._check_row(surf, x, y, right.w - pad * 2, _(label), self.options.get(o["key"]),
                                focus_row == r_index, ("option", o["key"], None))
        y = self._check_row(surf, x, y, right.w - pad * 2, _("Guided first turn (step by step, for newcomers)"),
                            self.guided, rows[focus_row][0] == "guided", ("guided", None, None))
        y = self._check_row(surf, x, y, right.w - pad * 2, _("Confirm each placement (click it again)"),
                            self.app.settings["confirm_placements"], rows[focus_row][0] == "confirm",
                            ("confirm", None, None))
        y += th.px(20)
        # i18n: the seed is a number that makes the same deal again
        surf.blit(th.text(_("Seed (optional)"), "label", T.INK, bold=True), (x, y))
        y += th.px(40)
        seed_r = pygame.Rect(x, y, right.w - pad * 2, th.px(56))
        seed_focus = focus_row == len(rows) - 2
        shown = self.seed_text + ("|" if self.editing == -1 else "")
        # i18n: shown in the empty seed field: the game will be dealt at random
        self._field(surf, seed_r, shown or pgettext("seed", "random"), seed_focus,
                    ink=T.INK if self.seed_text else (150, 136, 118))
        self.hit_boxes.append((seed_r, ("seed", None, None)))
        y += th.px(70)
        from game.ui.widgets import wrap
        for line in wrap(_("Same seed and seats replay the same deal."), th.font("small"), right.w - pad * 2):
            surf.blit(th.text(line, "small", T.INK_SOFT), (x, y))
            y += th.font("small").get_linesize()
        y -= th.font("small").get_linesize()
        brow = pygame.Rect(right.x + pad, right.bottom - pad - th.px(70), right.w - pad * 2, th.px(70))
        ill_h = brow.y - th.px(24) - (y + th.px(50))
        if ill_h > th.px(120):
            from game.ui.tables import table_for
            ill_h = min(ill_h, int((right.w - pad * 2) * 0.55))
            ill = table_for(self.game_id).menu_picture(right.w - pad * 2, ill_h)
            surf.blit(ill, (right.x + pad, brow.y - th.px(24) - ill_h))
        layout_row([self.start_btn, self.back_btn], brow, th.px(20))
        self.start_btn.focus = focus_row == len(rows) - 1 and focus_col == 0
        self.back_btn.focus = focus_row == len(rows) - 1 and focus_col == 1
        for b in (self.start_btn, self.back_btn):
            b.draw(surf, th)
            self.hit_boxes.append((b.rect, (b.action, None, None)))
        tip = th.text(_("Click a seat to change it (right-click goes back). Enter starts, Esc goes back."),
                      "small", (236, 220, 190))
        surf.blit(tip, (left.x, left.bottom + th.px(14)))
        rules_w = max(th.px(300), th.text(self.rules_btn.label, "label", T.INK, bold=True).get_width() + th.px(40))
        self.rules_btn.rect = pygame.Rect(0, 0, rules_w, th.px(60))
        self.rules_btn.rect.topright = (W - th.px(40), th.px(36))
        self.rules_btn.draw(surf, th)
        self.hit_boxes.append((self.rules_btn.rect, ("rules", None, None)))
        draw_message(surf, th, self.message)
        if self.help is not None:
            self.help.draw(surf, th)

    def _check_row(self, surf, x, y, width, label, on, focused, target) -> int:
        """A checkbox with its label; the y below it."""
        th = self.th
        box = pygame.Rect(x, y, th.px(34), th.px(34))
        pygame.draw.rect(surf, (255, 252, 240), box, border_radius=th.px(6))
        pygame.draw.rect(surf, T.HILITE if focused else T.INK_SOFT, box, th.px(3), border_radius=th.px(6))
        if on:
            pygame.draw.lines(surf, (40, 120, 60), False, [(box.x + th.px(7), box.centery),
                              (box.centerx - th.px(2), box.bottom - th.px(8)), (box.right - th.px(6), box.y + th.px(7))],
                              th.px(4))
        from game.ui.widgets import wrap
        ty = y
        for line in wrap(label, th.font("body"), width - th.px(50)):
            surf.blit(th.text(line, "body", T.INK), (box.right + th.px(14), ty))
            ty += th.font("body").get_linesize()
        self.hit_boxes.append((pygame.Rect(x, y, width, max(box.h, ty - y)), target))
        return max(y + box.h, ty) + th.px(18)

    def _draw_extra(self, surf, seat, rr, focused):
        """The seat the rules add: its name, and its colour, which the players may choose."""
        th = self.th
        kx = rr.x + th.px(36)
        kind_r = pygame.Rect(kx, rr.y, int(rr.w * 0.3), rr.h)
        name_r = pygame.Rect(kind_r.right + th.px(14), rr.y, int(rr.w * 0.36), rr.h)
        col_r = pygame.Rect(name_r.right + th.px(14), rr.y, rr.right - name_r.right - th.px(14), rr.h)
        # i18n: who plays a seat the rules add (It Happens.. with two players: a player nobody plays)
        self._field(surf, kind_r, pgettext("seat", "Imaginary"), False, fill=(226, 216, 196))
        self._field(surf, name_r, getattr(seat, "shown_name", seat.name), False, fill=(226, 216, 196))
        rgb = T.PLAYER_COLORS.get(seat.color, (200, 200, 200))
        self._field(surf, col_r, T.color_name(seat.color), focused, fill=rgb, ink=T.contrast_ink(rgb))
        T.draw_symbol(surf, T.PLAYER_SYMBOLS.get(seat.color, "circle"),
                      (col_r.right - col_r.h // 2, col_r.centery), col_r.h // 4, T.WHITE)
        self.hit_boxes.append((col_r, ("extra_color", None, None)))

    def _field(self, surf, r, text, focused, fill=(246, 238, 220), ink=T.INK):
        th = self.th
        pygame.draw.rect(surf, fill, r, border_radius=th.px(10))
        pygame.draw.rect(surf, T.HILITE if focused else T.PAPER_DARK, r, th.px(3) if focused else th.px(2),
                         border_radius=th.px(10))
        t = th.text(text, "body", ink, bold=False)
        surf.blit(t, (r.x + th.px(14), r.centery - t.get_height() // 2))
