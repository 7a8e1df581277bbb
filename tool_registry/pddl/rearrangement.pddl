; Rearrangement: a household robot tidies objects between places, one in hand at a time (after PDDLGym's
; rearrangement formalism; text written for gensim_gym).
(define (domain rearrangement)
  (:requirements :strips :typing :negative-preconditions)
  (:types thing place)
  (:predicates (robot-at ?p - place) (thing-at ?t - thing ?p - place) (holding ?t - thing) (hand-free))
  (:action go
    :parameters (?from - place ?to - place)
    :precondition (and (robot-at ?from) (not (robot-at ?to)))
    :effect (and (robot-at ?to) (not (robot-at ?from))))
  (:action grab
    :parameters (?t - thing ?p - place)
    :precondition (and (robot-at ?p) (thing-at ?t ?p) (hand-free))
    :effect (and (holding ?t) (not (thing-at ?t ?p)) (not (hand-free))))
  (:action put
    :parameters (?t - thing ?p - place)
    :precondition (and (robot-at ?p) (holding ?t))
    :effect (and (thing-at ?t ?p) (not (holding ?t)) (hand-free))))
