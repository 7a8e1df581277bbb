; Towers of Hanoi (the classic puzzle as in the IPC-2008 learning track formalism; typed, with pegs and
; discs as places; text written for gensim_gym).
(define (domain hanoi)
  (:requirements :strips :typing)
  (:types disc peg - place)
  (:predicates (on ?d - disc ?p - place) (clear ?p - place) (smaller ?p - place ?d - disc))
  (:action move
    :parameters (?d - disc ?from - place ?to - place)
    :precondition (and (smaller ?to ?d) (on ?d ?from) (clear ?d) (clear ?to))
    :effect (and (clear ?from) (on ?d ?to) (not (on ?d ?from)) (not (clear ?to)))))
