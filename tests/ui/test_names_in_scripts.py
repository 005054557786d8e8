"""Names in any script survive a game: typed into the seats, drawn on the table as written (no
character the bundled fonts lack), saved after a move and read back the same."""
import pygame

from game.core.record import read_record
from game.core.rules import Seat
from game.games import get_rules
from game.tools.headless import headless_app
from game.ui import text

NAMES = ["שלום", "مرحبا", "李小龙", "Zoë 👨\u200d👩\u200d👧"]


def test_names_in_four_scripts_are_drawn_saved_and_read_back():
    from game.scenes.play import PlayScene
    from tests.ui.text_audit import Audit, SpyScreen, recording
    rules = get_rules("micropolis")
    seats = [Seat(n, c, "human" if i == 0 else "medium") for i, (n, c) in enumerate(zip(NAMES, rules.seat_colors))]
    assert all(text.can_draw(n) for n in NAMES)
    app = headless_app((1280, 720))
    try:
        play = PlayScene(app, "micropolis", seats, 4, {})
        app.scenes.push(play)
        for _ in range(6):                      # the AIs' decisions are saved as they come
            if not play.step_ai_now():
                play.submit(rules.legal_actions(play.state)[0])
        play.saver.flush()
        back = read_record(play.save_path)
        assert [s.name for s in back.seats] == NAMES
        audit = Audit()
        with recording(audit) as tags:
            screen = SpyScreen(app.window.get_size(), tags, audit)
            play.dirty = True
            play.draw(screen)
        drawn = " ".join(d.text for d in audit.texts)
        assert all(n in drawn for n in NAMES), drawn[:300]
        assert not [d.text for d in audit.texts if not text.can_draw(d.text)]
    finally:
        pygame.quit()
