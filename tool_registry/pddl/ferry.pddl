; Ferry: one ferry carries cars between ports, one car at a time (IPC formalism; text written for gensim_gym).
(define (domain ferry)
  (:requirements :strips :typing :equality)
  (:types car port)
  (:predicates (ferry-at ?p - port) (at ?c - car ?p - port) (on ?c - car) (empty-ferry))
  (:action sail
    :parameters (?from - port ?to - port)
    :precondition (and (ferry-at ?from) (not (= ?from ?to)))
    :effect (and (ferry-at ?to) (not (ferry-at ?from))))
  (:action board
    :parameters (?c - car ?p - port)
    :precondition (and (at ?c ?p) (ferry-at ?p) (empty-ferry))
    :effect (and (on ?c) (not (at ?c ?p)) (not (empty-ferry))))
  (:action debark
    :parameters (?c - car ?p - port)
    :precondition (and (on ?c) (ferry-at ?p))
    :effect (and (at ?c ?p) (empty-ferry) (not (on ?c)))))
