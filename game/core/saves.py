"""The autosave: written after every decision, resumed by "Continue".

A save that cannot be read or replayed is reported, moved aside (never
deleted, never overwritten) and the menu offers no Continue for it. Neither
``peek_autosave`` nor ``load_autosave`` ever raises: each returns the reason
in plain words for the menu to show.

If the user folder cannot be created or written (see ``paths.saving_status``),
the game runs without saving: ``write_autosave`` and ``clear_autosave`` do
nothing and return False.
"""
from __future__ import annotations

import os
import secrets
import stat
import threading
import time
from dataclasses import dataclass, replace
from pathlib import Path

from game.core.i18n import _
from game.core.paths import saving_enabled, user_dir
from game.core.portable import replace_file
from game.core.record import (STALE_TEMP_SECONDS, Record, RecordError, read_record, remove_stale_temps, replay,
                              save_record, sweep_once)

AUTOSAVE = "autosave.yaml"
LAST_FINISHED = "last-finished.yaml"


def autosave_path() -> Path:
    return user_dir() / AUTOSAVE


def write_autosave(rec: Record) -> bool:
    """Save ``rec`` atomically; False (nothing written) when saving is off.

    Raises OSError if the folder stops being writable while the game runs."""
    if not saving_enabled():
        return False
    save_record(autosave_path(), rec)
    return True


def clear_autosave() -> bool:
    """The game ended: keep its record as the last finished game, drop the Continue."""
    if not saving_enabled():
        return False
    p = autosave_path()
    if p.exists():
        p.replace(p.with_name(LAST_FINISHED))
        return True
    return False


def reserve(folder: Path, stem: str, suffix: str = ".yaml") -> Path:
    """Create an empty file ``stem.yaml`` in ``folder``, or ``stem-<6 random hex>.yaml`` if that
    name is taken, exclusively (O_EXCL): no other file, copy of the program or clock setting can
    have the same name. Raises OSError if the folder cannot be written."""
    folder.mkdir(parents=True, exist_ok=True)
    name = f"{stem}{suffix}"
    for _attempt in range(100):
        try:
            os.close(os.open(folder / name, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644))
            return folder / name
        except FileExistsError:
            name = f"{stem}-{secrets.token_hex(3)}{suffix}"
    raise FileExistsError(f"no free name for {stem} in {folder}")


def move_without_replacing(path: Path, folder: Path, stem: str) -> Path:
    """Move ``path`` into ``folder`` under a name reserved for it (never over another file)."""
    target = reserve(folder, stem, path.suffix)
    try:
        if path.is_dir() and not path.is_symlink():
            target.unlink()     # a folder cannot take a file's place; the name was free a moment ago
        replace_file(path, target)
    except OSError:
        target.unlink(missing_ok=True)
        raise
    return target


def move_aside(path: Path) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    return move_without_replacing(path, path.parent, f"{path.stem}.unreadable-{stamp}")


def _set_aside(p: Path, problem: str) -> str:
    """Move an unusable save out of the way and say so in plain words, in the chosen language:
    ``problem`` is the sentence that says what is wrong with it."""
    try:
        aside = move_aside(p)
        # i18n: {problem} a sentence saying what is wrong with a saved game; {file} the file name it was kept under
        return _("{problem} It was kept as {file}.").format(problem=problem, file=aside.name)
    except OSError as e:
        # i18n: {problem} a sentence saying what is wrong with a saved game; {reason} why it could not be moved
        return _("{problem} It could not be moved aside ({reason}).").format(problem=problem, reason=_os_reason(e))


def _os_reason(e: OSError) -> str:
    """The system's words for an error (as the system gives them), or ours."""
    return e.strerror.lower() if e.strerror else _("the folder is not writable")


# What can be wrong with a saved game, one sentence each (``_set_aside`` adds what was done with it).
# {reason} is the record reader's detail (in English: it names the file's fields), {game} a game's id.
def _unreadable(reason: str | None = None) -> str:
    if reason is None:
        return _("The saved game could not be read.")
    # i18n: {reason} the technical detail (English)
    return _("The saved game could not be read ({reason}).").format(reason=reason)


def _not_replaying(reason: str | None = None) -> str:
    if reason is None:
        return _("The saved game does not replay.")
    # i18n: {reason} the technical detail (English)
    return _("The saved game does not replay ({reason}).").format(reason=reason)


def _reason(e: Exception) -> str:
    """A RecordError's message without the file name it starts with."""
    text = " ".join(str(e).split())
    return text.split(": ", 1)[1] if ": " in text else text


def _unknown_game(game: str) -> str:
    # i18n: {game} the id a game is saved under (a short plain name)
    return _("The saved game is of a game this version does not have ({game}).").format(game=game)


def _unchecked() -> str:
    return _("The saved game could not be checked; it was left where it is.")


def _unloaded() -> str:
    return _("The saved game could not be loaded; it was left where it is.")


def _not_all_checked() -> str:
    return _("The saved games could not all be checked; they were left where they are.")


def _any_game(game: str) -> bool:
    """The default ``is_known``: core knows no game, so the caller (the menu) says which it has."""
    return True


def peek_autosave(is_known=None) -> tuple[Record | None, str | None]:
    """The legacy single save (see ``peek_save``)."""
    try:
        path = autosave_path()
    except Exception:
        return None, _unchecked()
    return peek_save(path, is_known)


def peek_save(path: Path, is_known=None) -> tuple[Record | None, str | None]:
    """(record, None) for a resumable save; (None, message) if it had to be set aside. Never raises.

    ``is_known(game_id)`` says whether this build has the game (the scenes pass
    ``game.games.is_known``; by default any game is). A finished game's save offers no Continue: (None, None).
    Temp files left by a crashed write are removed here, at the start."""
    try:
        return _peek(Path(path), is_known)
    except Exception:  # never let a save stop the menu from coming up
        return None, _unchecked()


def _peek(p: Path, is_known, keep_final: bool = False) -> tuple[Record | None, str | None]:
    try:
        sweep_once(p)                   # once a run per folder: not a scan of thousands of files per save
        if not p.exists() and not p.is_symlink():
            return None, None
    except (OSError, ValueError):
        return None, None
    try:
        rec = read_record(p)
    except RecordError as e:
        return None, _set_aside(p, _unreadable(_reason(e)))
    except Exception:
        return None, _set_aside(p, _unreadable())
    if rec.final is not None:
        return (rec, None) if keep_final else (None, None)
    if is_known is None:
        is_known = _any_game
    try:
        known = bool(is_known(rec.game))
    except Exception:
        known = False
    if not known:
        return None, _set_aside(p, _unknown_game(rec.game))
    return rec, None


def load_autosave(get_rules, is_known=None) -> tuple[Record | None, list | None, str | None]:
    """The legacy single save (see ``load_save``)."""
    try:
        path = autosave_path()
    except Exception:
        return None, None, _unloaded()
    return load_save(path, get_rules, is_known)


def load_save(path: Path, get_rules, is_known=None) -> tuple[Record | None, list | None, str | None]:
    """Read and replay the autosave: (record, states, None) or (None, None, message). Never raises.

    ``get_rules(game_id)`` gives the rules (KeyError/ImportError: this build does not have
    the game). ``is_known`` as for ``peek_autosave``; by default only ``get_rules`` decides."""
    try:
        return _load(Path(path), get_rules, is_known)
    except Exception:
        return None, None, _unloaded()


def _load(p: Path, get_rules, is_known):
    rec, msg = peek_save(p, is_known)
    if rec is None:
        return None, None, msg
    try:
        rules = get_rules(rec.game)
    except (KeyError, ImportError):
        return None, None, _set_aside(p, _unknown_game(rec.game))
    except Exception:
        # i18n: {game} the id a game is saved under (a short plain name)
        return None, None, _set_aside(p, _("The saved game could not be loaded (the game {game} cannot be started).")
                                      .format(game=rec.game))
    try:
        states = replay(rules, rec, name=p.name)
    except RecordError as e:
        return None, None, _set_aside(p, _not_replaying(_reason(e)))
    except Exception:
        return None, None, _set_aside(p, _not_replaying())
    return rec, states, None


# ---------------------------------------------------------------- save slots
# Every unfinished game has its own file in saves/; a finished one moves to finished/ (its record,
# to watch again). Nothing is replaced without the player asking: a new game takes a new slot.
SAVES = "saves"
FINISHED = "finished"


@dataclass
class SaveInfo:
    path: Path
    record: Record
    when: float          # last written, seconds since the epoch

    @property
    def round(self) -> int:
        """The round the game was in (0 for games without rounds)."""
        return max((ev.get("round", 0) for ev in self.record.events
                    if ev.get("type") == "round" and type(ev.get("round")) is int), default=0)


def saves_dir() -> Path:
    return user_dir() / SAVES


def finished_dir() -> Path:
    return user_dir() / FINISHED


def new_slot(game: str) -> Path:
    """A new file in saves/ for one game, created empty (see ``reserve``); its first save fills it."""
    return reserve(saves_dir(), f"{game}-{time.strftime('%Y%m%d-%H%M%S')}")


def write_save(path: Path, rec: Record) -> bool:
    """Save ``rec`` atomically in its slot; False when saving is off. Raises OSError as write_autosave."""
    if not saving_enabled():
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    save_record(path, rec)
    return True


def finish_save(path: Path) -> Path | None:
    """The game ended: its record moves to finished/ (kept to watch again). Never raises."""
    if not saving_enabled() or not path.exists():
        return None
    try:
        return move_without_replacing(path, finished_dir(), path.stem)
    except OSError:
        return None


def delete_save(path: Path) -> str | None:
    """Remove a save the player chose to delete; None, or why it could not be."""
    try:
        path.unlink()
        return None
    except FileNotFoundError:
        return None
    except OSError as e:
        # i18n: {reason} the system's words for what went wrong
        return _("The saved game could not be deleted ({reason}).").format(reason=_os_reason(e))


def _adopt_legacy() -> None:
    """Saves of earlier versions (one autosave.yaml, one last-finished.yaml) join the lists."""
    for name, folder in ((AUTOSAVE, saves_dir()), (LAST_FINISHED, finished_dir())):
        old = user_dir() / name
        if old.is_file():
            stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(old.stat().st_mtime))
            try:
                move_without_replacing(old, folder, f"earlier-{stamp}")
            except FileNotFoundError:
                pass            # another copy of the program adopted it first


def _listing(folder: Path, finished: bool, is_known, limit: int = 0,
             get_rules=None, found=None, cache: dict | None = None) -> tuple[list[SaveInfo], list[str]]:
    """The saves (or records) in ``folder``, newest first, read until ``limit`` are found (0: all
    up to MAX_LISTED), and a message for each file set aside on the way. ``found(info)`` is told of
    each one as it is listed; ``cache`` (see ``list_saves``) spares reading unchanged saves again."""
    infos, messages = [], []
    if not folder.is_dir():
        return infos, messages
    remove_stale_temps(folder)
    files = sorted(((p, size, mtime) for p, size, mtime in _candidates(folder) if not _reserved(p)),
                   key=lambda f: f[2], reverse=True)[:MAX_LISTED]
    if finished:
        from game.core import history
        confirmed = history.confirm_listed(folder, folder.parent / history.INDEX,
                                           {p.name: (size, mtime) for p, size, mtime in files},
                                           is_known or _any_game, get_rules, messages)
    for p, size, mtime in files:
        if finished:
            rec, msg = _peek_finished(p, is_known, confirmed.get(p.name))
        else:
            rec, msg = _cached(cache, p, size, mtime, is_known)
            if rec is None and msg is None:
                rec, msg = _peek_keeping_final(p, is_known)
                if cache is not None and rec is not None and rec.final is None:
                    cache[p] = (size, mtime, rec)
        if rec is not None and not finished and rec.final is not None:
            rec, msg = _over_or_not(p, rec, get_rules)
        if msg:
            messages.append(msg)
        if rec is not None:
            try:
                mtime = p.stat().st_mtime       # written again if its claimed result was dropped
            except OSError:
                pass
            infos.append(SaveInfo(p, rec, mtime))
            if found is not None:
                found(infos[-1])
            if len(infos) == limit:
                break
    return infos, messages


def _cached(cache: dict | None, p: Path, size: int, mtime: float, is_known) -> tuple[Record | None, None]:
    """A save read before and unchanged since (same size and time), of a game still known; else None."""
    hit = cache.get(p) if cache is not None else None
    if hit is None or hit[:2] != (size, mtime):
        return None, None
    try:
        return (hit[2], None) if (is_known or _any_game)(hit[2].game) else (None, None)
    except Exception:
        return None, None


def _regular(entry: os.DirEntry) -> os.stat_result | None:
    """A listed entry's size and times, or None when it is not a regular file (a folder, a fifo, a
    link that leads nowhere or round in a loop, or a file gone since the folder was read)."""
    try:
        info = entry.stat()             # follows a link to where it leads
    except (OSError, ValueError):
        return None
    return info if stat.S_ISREG(info.st_mode) else None


def _candidates(folder: Path) -> list[tuple[Path, int, float]]:
    """The ``.yaml`` regular files of ``folder`` that may be saves, with their sizes and times.
    Anything else is passed over without a word: one broken link never hides the other saves."""
    out = []
    with os.scandir(folder) as entries:
        for entry in entries:
            if not entry.name.endswith(".yaml") or ".unreadable-" in entry.name:
                continue
            info = _regular(entry)
            if info is not None:
                out.append((Path(entry.path), info.st_size, info.st_mtime))
    return out


def _peek_keeping_final(p: Path, is_known) -> tuple[Record | None, str | None]:
    """``peek_save``, but a save that carries a final result is returned too (for ``_over_or_not``)."""
    try:
        return _peek(p, is_known, keep_final=True)
    except Exception:
        return None, _unchecked()


def _over_or_not(p: Path, rec: Record, get_rules) -> tuple[Record | None, str | None]:
    """A file in saves/ that carries a final result. It moves to finished/ only when its moves end
    the game with that very result (so that it can be watched there); when its moves do not end the
    game, the claimed result is dropped and the game stays resumable (the file as it was is kept
    beside it); anything else is set aside. Every case but the first is told."""
    if get_rules is None:
        # i18n: {file} the saved game's file name
        return None, _("The saved game {file} says it is finished but could not be checked; it was left where it "
                       "is.").format(file=p.name)
    try:
        rules = get_rules(rec.game)
    except (KeyError, ImportError):
        return None, _set_aside(p, _unknown_game(rec.game))
    except Exception:
        # i18n: {game} the id a game is saved under (a short plain name)
        return None, _set_aside(p, _("The saved game could not be checked (the game {game} cannot be started).")
                                .format(game=rec.game))
    try:
        replay(rules, rec, name=p.name)
    except RecordError as e:
        why = _reason(e)
    except Exception:
        why = _("it does not replay")
    else:
        finish_save(p)          # it is over: it belongs with the finished games
        return None, None
    unfinished = replace(rec, final=None)
    try:
        states = replay(rules, unfinished, name=p.name)
        over = rules.is_over(states[-1])
    except Exception:
        # i18n: {reason} why the result does not hold (technical detail)
        return None, _set_aside(p, _("The saved game claims a final result and does not replay ({reason}).")
                                .format(reason=why))
    if over:
        # i18n: {reason} why the result does not hold (technical detail)
        return None, _set_aside(p, _("The saved game claims a final result its moves do not give ({reason}).")
                                .format(reason=why))
    try:
        aside = move_without_replacing(p, p.parent, f"{p.stem}.unreadable-{time.strftime('%Y%m%d-%H%M%S')}")
    except OSError as e:
        # i18n: {file} the saved game's file name, {reason} why it could not be moved
        return None, _("The saved game {file} claims a final result, but its moves do not end the game; it could "
                       "not be moved aside ({reason}).").format(file=p.name, reason=_os_reason(e))
    try:
        save_record(p, unfinished)
    except OSError as e:
        # i18n: {file} the name the saved game was kept under, {reason} why the copy could not be written
        return None, _("The saved game claims a final result, but its moves do not end the game; it was kept as "
                       "{file} (a copy without the result could not be written: {reason}).").format(
                           file=aside.name, reason=_os_reason(e))
    # i18n: {file} the saved game's file name, {kept} the name the file as it was is kept under
    return unfinished, _("The saved game {file} claimed a final result, but its moves do not end the game: the "
                         "result was dropped and the game can be resumed (the file as it was is kept as "
                         "{kept}).").format(file=p.name, kept=aside.name)


def _reserved(p: Path) -> bool:
    """An empty file: a name ``reserve`` took for a save not written yet (left alone), or left by
    a run that stopped before its first save (removed once it is old)."""
    try:
        info = p.stat()
    except OSError:
        return True             # gone since the folder was read: nothing to list
    if info.st_size:
        return False
    if time.time() - info.st_mtime >= STALE_TEMP_SECONDS:
        p.unlink(missing_ok=True)
    return True


def _peek_finished(p: Path, is_known, confirmed) -> tuple[Record | None, str | None]:
    """A finished game's record for the list, when a replay confirmed it (``confirmed``: its
    summary from ``history.confirm_listed``, None if it was not): the file must still be the one
    that was replayed."""
    if confirmed is None:
        return None, None
    try:
        rec = read_record(p)
        info = p.stat()
    except RecordError as e:
        return None, _set_aside(p, _unreadable(_reason(e)))
    except OSError:
        return None, None
    if (info.st_size, info.st_mtime) != (confirmed.size, confirmed.mtime):
        return None, None       # written again since its replay: confirmed at the next listing
    known = is_known or _any_game
    return (rec, None) if rec.final is not None and known(rec.game) else (None, None)


MAX_LISTED = 200


def list_saves(is_known=None, get_rules=None, found=None, cache: dict | None = None) -> tuple[list[SaveInfo], list[str]]:
    """Every unfinished game, newest first, and a message for each file set aside. Never raises.

    ``get_rules`` (as for ``load_save``) checks a save that carries a final result before it moves to
    finished/ (``_over_or_not``); without it such a file is left where it is, and told.
    ``found(info)`` is told of each save as it is listed (a list that fills in while it is read; an
    exception raised there stops the listing). ``cache``, a dict kept by the caller from one listing
    to the next, remembers the saves read: one unchanged since (same size and time) is not read again."""
    if not saving_enabled():
        return [], []
    try:
        _adopt_legacy()
        return _listing(saves_dir(), False, is_known, get_rules=get_rules, found=found, cache=cache)
    except Exception:
        return [], [_not_all_checked()]


def newest_save(is_known=None, get_rules=None) -> tuple[SaveInfo | None, list[str]]:
    """The menu's Continue: the newest resumable save, and a message for each file set aside on
    the way. Files are read newest first only until one can be resumed, so the menu costs the
    same with three saves or three thousand. Never raises."""
    if not saving_enabled():
        return None, []
    try:
        _adopt_legacy()
        infos, messages = _listing(saves_dir(), False, is_known, limit=1, get_rules=get_rules)
        return (infos[0] if infos else None), messages
    except Exception:
        return None, [_not_all_checked()]


def any_saved() -> bool:
    """Is there anything for the Saved games list (a save or a finished record)? Reads no file,
    and stops listing a folder at the first record in it."""
    if not saving_enabled():
        return False
    for folder in (saves_dir(), finished_dir()):
        try:
            with os.scandir(folder) as entries:
                if any(e.name.endswith(".yaml") and ".unreadable-" not in e.name and _regular(e) is not None
                       for e in entries):
                    return True
        except OSError:
            continue
    return False


def list_finished(is_known=None, get_rules=None, messages: list | None = None) -> list[SaveInfo]:
    """Records of finished games, newest first: only those a replay of their moves confirms (the
    history index remembers the ones already replayed; ``get_rules`` gives a game's rules, by default
    the game registry's). A record whose moves do not give its final result is set aside and told in
    ``messages``. Never raises."""
    if not saving_enabled():
        return []
    try:
        _adopt_legacy()
        infos, told = _listing(finished_dir(), True, is_known, get_rules=get_rules)
        if messages is not None:
            messages.extend(told)
        return infos
    except Exception:
        return []


@dataclass(frozen=True)
class FinishedInfo:
    """A finished game in the Saved games list, as the history index knows it (its record unread)."""
    path: Path
    summary: object      # history.GameSummary: the game, its players' names, kinds, scores and who won

    @property
    def when(self) -> float:
        return self.summary.mtime


def finished_games(is_known=None, get_rules=None, messages: list | None = None,
                   off_process=None) -> list[FinishedInfo]:
    """The records ``list_finished`` lists, newest first, from the history index alone: a record the
    index knows as it is now is not read at all (only new or changed ones are replayed, and join the
    index). A record set aside is told in ``messages``. The index is read once: each reading parses
    the whole file in this process, where a window's frames share the interpreter with it.

    ``off_process`` (a ``should_stop()``, for the window): when UNINDEXED_FOR_A_CHILD or more of the
    listed records are not in the index as they are now (a first visit after an upgrade), a spawned
    child replays them and writes the index, and its list is taken as it is: this process then neither
    reads a record nor parses the index the child wrote. Never raises."""
    if not saving_enabled():
        return []
    try:
        _adopt_legacy()
        folder = finished_dir()
        if not folder.is_dir():
            return []
        remove_stale_temps(folder)
        files = sorted(((p, size, mtime) for p, size, mtime in _candidates(folder) if not _reserved(p)),
                       key=lambda f: f[2], reverse=True)[:MAX_LISTED]
        from game.core import history
        known = is_known or _any_game
        listed = {p.name: (size, mtime) for p, size, mtime in files}
        index = folder.parent / history.INDEX
        entries = history.read_index(index)
        if off_process is not None and history.unindexed(entries, listed) >= UNINDEXED_FOR_A_CHILD:
            got = index_finished_off_process(should_stop=off_process)
            if off_process():
                return []               # no longer wanted: nothing is replayed here
            if got is not None:
                infos, told = got
                if messages is not None:
                    messages.extend(told)
                return [i for i in infos if known(i.summary.game)]
        confirmed = history.confirm_listed(folder, index, listed, known, get_rules, messages, known=entries)
        out = []
        for p, size, mtime in files:
            summary = confirmed.get(p.name)
            if summary is not None and (summary.size, summary.mtime) == (size, mtime) and known(summary.game):
                out.append(FinishedInfo(p, summary))
        return out
    except Exception:
        return []


UNINDEXED_FOR_A_CHILD = 5     # finished records the index does not know yet: replay them in a child


def unindexed_count() -> int:
    """How many finished records the History index does not know as they are now (cheap: the
    folder's names, sizes and times against the index). Never raises."""
    try:
        from game.core import history
        folder = finished_dir()
        if not saving_enabled() or not folder.is_dir():
            return 0
        listed = {p.name: (size, mtime) for p, size, mtime in _candidates(folder)}
        return history.unindexed(history.read_index(folder.parent / history.INDEX), listed)
    except Exception:
        return 0


def index_finished_in_child() -> tuple[list[FinishedInfo], list[str]]:
    """Run in a spawned child: replay the finished records the index lacks and write the index (so
    the window's process never holds the interpreter while a record is parsed); the list of finished
    games (``finished_games``) and the messages of records set aside."""
    from game.core.lifeline import watch_parent
    watch_parent()
    told: list = []
    infos = finished_games(messages=told)
    return infos, [str(m) for m in told]


def index_finished_off_process(timeout: float = 600.0, should_stop=lambda: False) -> tuple[list, list[str]] | None:
    """``index_finished_in_child`` in a spawned process, waited for (bounded; ``should_stop`` ends the
    wait early): its list and messages, or None when no child could be had or it failed (the caller
    then reads in its own process)."""
    import multiprocessing
    import time as _time
    from concurrent.futures import ProcessPoolExecutor
    try:
        pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
    except Exception:
        return None
    try:
        fut = pool.submit(index_finished_in_child)
        until = _time.monotonic() + timeout
        while _time.monotonic() < until and not should_stop():
            try:
                return fut.result(timeout=0.1)
            except TimeoutError:
                continue
            except Exception:
                return None
        return None
    finally:
        pool.shutdown(wait=False, cancel_futures=True)


class BackgroundSaver:
    """Writes a game's saves off the drawing loop (a write with its fsyncs takes ~10 ms).

    Never behind by more than the write in flight: a record asked for while another is being
    written waits as the one pending write, and a newer record replaces it (only the newest
    state is worth writing). ``flush()`` waits until everything asked is on disk; the play
    scene calls it before each decision, so the file is never more than the decision in flight
    behind. A failed write (OSError, or RecordError for a record the loader would refuse) is
    kept in ``error`` for the play scene to tell."""

    def __init__(self, background: bool = True):
        self.background = background
        self.error: OSError | RecordError | None = None
        self._done = threading.Condition()
        self._job = None
        self._busy = False      # a writer thread runs (set and cleared under the lock)

    def save(self, path: Path, rec: Record, finish: bool = False) -> None:
        if not self.background:
            self._write((path, rec, finish))
            return
        with self._done:
            self._job = (path, rec, finish)
            if not self._busy:
                self._busy = True
                threading.Thread(target=self._run, daemon=True).start()

    @property
    def pending(self) -> bool:
        """A write is asked for and not yet on disk."""
        with self._done:
            return self._busy

    def _run(self):
        while True:
            with self._done:
                job, self._job = self._job, None
                if job is None:
                    self._busy = False
                    self._done.notify_all()
                    return
            self._write(job)

    def _write(self, job):
        path, rec, finish = job
        try:
            write_save(path, rec)
            if finish:
                finish_save(path)
        except (OSError, RecordError) as e:
            self.error = e

    def flush(self) -> None:
        with self._done:
            self._done.wait_for(lambda: not self._busy)
