"""THOUGHTS AND DECISIONS (RB-15..RB-22): a thought indulged is rolled and answered (attune
toward that answer's Lord); an opportunity's decision writes its icon in your Memories; either
goes in the Scenes and puts a memory token on the character sheet. With five tokens there,
the V thought (a free memory or attunement) or the V decision (heal, or flip to The Favour)."""

from __future__ import annotations

from rulebook.games.ribbon_of_bone.cards import ABILITY_TITLES
from rulebook.games.ribbon_of_bone.components import ANSWER, SEAT, VDECISION, VTHOUGHT, Components
from rulebook.games.ribbon_of_bone.game import V
from rulebook.i18n import Message, Name, msg

V_THOUGHT = msg("V thought")  # what moves your attunement in a V thought


class Thoughts(Components):
    __slots__ = ()

    # ------------------------------------------------------------------ a thought
    def on_indulge(self, _: int) -> None:
        if self.sheet >= self.game.config.v_prompt_tokens:  # RB-20
            self.decisions[-1] = (VTHOUGHT, SEAT)
            self.narrate(msg("Five memories weigh on you: the V thought."))
            return
        second = self.roll(4)  # RB-10
        if self.log is not None:
            thought = self.game.content.thoughts[second - 1]
            said = msg(
                "You roll {roll}: {code} — {text}",
                roll=second,
                code=thought.code,
                text=Name(thought.text),
            )
            self.narrate(said)
        self.decisions[-1] = (ANSWER, SEAT, second)

    def options_answer(self, d: tuple[int, ...]) -> tuple[int, ...]:
        return self.game.answer_ids[d[2] - 1]  # RB-16: follow it through

    def on_answer(self, index: tuple[int, int]) -> None:
        t, i = index
        g = self.game
        answer, lord = g.content.thoughts[t].answers[i]
        self.decisions.pop()
        why = msg("You answer '{answer}'", answer=Name(answer)) if self.log is not None else None
        self.attune(lord, why)  # RB-17
        self.scene(g.answer_scene[t][i])
        self.end_turn()

    # ------------------------------------------------------------------ an opportunity
    def on_resolve(self, _: int) -> None:
        second = self.decisions[-1][3]
        if second == V:  # RB-20
            self.decisions[-1] = (VDECISION, SEAT)
            return
        g = self.game
        decision = g.content.decisions[second - 1]
        self.decisions.pop()
        self.memories = (*self.memories, decision.icon)  # RB-18
        if self.log is not None:
            ability = Message(ABILITY_TITLES[decision.icon])
            self.narrate(msg("You write {ability} in your Memories.", ability=ability))
        self.scene(g.decision_scene[second - 1])
        self.end_turn()

    def scene(self, scene: int) -> None:
        """RB-19: the Scenes record, then a memory token on the character sheet."""
        self.scenes = (*self.scenes, scene)
        if self.bag() > 0:
            self.sheet += 1
            if self.log is not None:
                said = msg("A memory token joins your character sheet ({count}).", count=self.sheet)
                self.narrate(said)

    # ------------------------------------------------------------------ the V prompts
    def v_done(self, scene: int) -> None:
        self.scenes = (*self.scenes, scene)
        if self.game.config.v_resets_sheet:  # R10
            self.sheet = 0

    def options_v_thought(self, d: tuple[int, ...]) -> tuple[int, ...]:
        return self.game.v_thought_ids  # RB-21: any memory, or toward any Lord

    def on_free_memory(self, ability: int) -> None:
        self.decisions.pop()
        self.memories = (*self.memories, ability)  # RB-21
        if self.log is not None:
            said = msg(
                "V thought: you write {ability} in your Memories.",
                ability=Message(ABILITY_TITLES[ability]),
            )
            self.narrate(said)
        self.v_done(self.game.v_thought_scene)
        self.end_turn()

    def on_free_attune(self, lord: int) -> None:
        self.decisions.pop()
        self.attune(lord, V_THOUGHT)
        self.v_done(self.game.v_thought_scene)
        self.end_turn()

    def options_v_decision(self, d: tuple[int, ...]) -> list[int]:
        g = self.game
        return [g.heal_id, g.flip_id] if self.wrath else [g.heal_id]  # RB-22

    def on_heal(self, _: int) -> None:
        self.decisions.pop()
        before = self.health
        self.add_health(self.game.config.v_heal)  # RB-22: 15 points, up to the cap (R1)
        if self.log is not None:
            said = msg(
                "V decision: you heal {amount} ({health} health).",
                amount=self.health - before,
                health=self.health,
            )
            self.narrate(said)
        self.v_done(self.game.v_decision_scene)
        self.end_turn()

    def on_flip(self, _: int) -> None:
        self.decisions.pop()
        self.wrath = 0  # RB-22
        self.narrate(msg("V decision: your alignment card flips back to The Favour."))
        self.v_done(self.game.v_decision_scene)
        self.end_turn()
