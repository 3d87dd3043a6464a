// Answers a turn at a time (decision 053). The answers ready during one event-loop turn are
// written together when the turn's I/O callbacks are done (lib/turn-end.ts), not each in the
// middle of the next request's work. On a busy server every answer's send(2) then follows the
// one before it: the client (a load balancer on the same host, a test's load generator) is
// woken by the first and still awake for the rest, instead of being put to sleep and woken
// again between two answers, a cost the kernel charges to the sending core. A lone request
// waits for nothing: its turn ends as soon as its own callbacks do. What is sent, and in what
// order on a connection, is unchanged. The SQLite commits of a turn (decision 028) share its
// end, so the answers a commit releases go out at that same end.

import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { atTurnEnd } from '../../lib/turn-end.js';

type Send = (err: null, payload: unknown) => void;

export default fp(
  async (app) => {
    // Parallel lists, not a closure per answer: this runs for every request.
    let sends: Send[] = [];
    let payloads: unknown[] = [];
    let replies: FastifyReply[] = [];
    const flush = () => {
      const due = sends;
      const bodies = payloads;
      const to = replies;
      sends = [];
      payloads = [];
      replies = [];
      for (let i = 0; i < due.length; i++) {
        try {
          (due[i] as Send)(null, bodies[i]);
        } catch (err) {
          // Written at once, an answer that throws while written goes to the error handler
          // (Fastify catches it around the handler); here it does too, and the rest of the
          // turn's answers still go out.
          refuse(to[i] as FastifyReply, err);
        }
      }
    };
    const refuse = (reply: FastifyReply, err: unknown) => {
      try {
        reply.send(err);
      } catch (again) {
        app.log.error({ err: again }, 'an answer could not be written');
        reply.raw.destroy();
      }
    };
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (sends.length === 0) atTurnEnd(flush);
      sends.push(done as Send);
      payloads.push(payload);
      replies.push(reply);
    });
  },
  { name: 'answers-per-turn' },
);
