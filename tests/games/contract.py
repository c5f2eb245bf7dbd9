"""Every engine as the contract, for mypy: each assignment below type-checks only while the
engine's class satisfies `GameState` with its own actions and views (and the optional
capabilities it claims). `tests/games/test_contract.py` checks the same at run time.
"""

from __future__ import annotations

from bot.games.actions import Action
from bot.games.base import Forfeits, GameState, SpectatorBets, StopRequests, TopUps
from bot.games.bourre import Bourre
from bot.games.bourre import views as bourre_views
from bot.games.buki_domino import BukiDomino
from bot.games.buki_domino import views as buki_views
from bot.games.gin_rummy import GinRummy
from bot.games.gin_rummy import views as gin_views
from bot.games.marriage import Marriage
from bot.games.marriage import views as marriage_views
from bot.games.tripoley import MichiganRummyGame, TripoleyGame
from bot.games.tripoley import views as tripoley_views

GIN: type[GameState[Action, gin_views.PublicView, gin_views.PrivateView]] = GinRummy
BOURRE: type[GameState[Action, bourre_views.PublicView, bourre_views.PrivateView]] = Bourre
BUKI_DOMINO: type[GameState[Action, buki_views.PublicView, buki_views.PrivateView]] = BukiDomino
MARRIAGE: type[GameState[Action, marriage_views.PublicView, marriage_views.PrivateView]] = Marriage
TRIPOLEY: type[GameState[Action, tripoley_views.PublicView, tripoley_views.PrivateView]] = TripoleyGame
MICHIGAN: type[GameState[Action, tripoley_views.PublicView, tripoley_views.PrivateView]] = MichiganRummyGame

ENGINES = (GIN, BOURRE, BUKI_DOMINO, MARRIAGE, TRIPOLEY, MICHIGAN)

SPECTATOR_BETS: tuple[type[SpectatorBets], ...] = (BukiDomino,)
STOP_REQUESTS: tuple[type[StopRequests], ...] = (Marriage, TripoleyGame, MichiganRummyGame)
TOP_UPS: tuple[type[TopUps], ...] = (Marriage,)
FORFEITS: tuple[type[Forfeits], ...] = (GinRummy,)
