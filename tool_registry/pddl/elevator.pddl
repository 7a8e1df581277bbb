; Elevator (Miconic-10 STRIPS formalism, IPC-2000; simplified: the lift travels between any two floors;
; text written for gensim_gym).
(define (domain elevator)
  (:requirements :strips :typing :negative-preconditions :equality)
  (:types passenger floor)
  (:predicates (lift-at ?f - floor) (origin ?p - passenger ?f - floor) (destin ?p - passenger ?f - floor)
               (boarded ?p - passenger) (served ?p - passenger))
  (:action move
    :parameters (?from - floor ?to - floor)
    :precondition (and (lift-at ?from) (not (= ?from ?to)))
    :effect (and (lift-at ?to) (not (lift-at ?from))))
  (:action board
    :parameters (?f - floor ?p - passenger)
    :precondition (and (lift-at ?f) (origin ?p ?f) (not (boarded ?p)) (not (served ?p)))
    :effect (boarded ?p))
  (:action depart
    :parameters (?f - floor ?p - passenger)
    :precondition (and (lift-at ?f) (destin ?p ?f) (boarded ?p))
    :effect (and (not (boarded ?p)) (served ?p))))
