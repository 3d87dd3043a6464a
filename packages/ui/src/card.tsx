// A card: a bordered surface with header, content and footer slots.
import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from './cn.js';

type DivProps = HTMLAttributes<HTMLDivElement>;

export const Card = ({ className, ...p }: DivProps) => (
  <div className={cn('omega-card', className)} {...p} />
);
export const CardHeader = ({ className, ...p }: DivProps) => (
  <div className={cn('omega-card__header', className)} {...p} />
);
/** A card's title; a heading level can be chosen by wrapping its content (`<h1>`). */
export const CardTitle = ({ className, ...p }: DivProps) => (
  <div className={cn('omega-card__title', className)} {...p} />
);
export const CardDescription = ({ className, ...p }: HTMLAttributes<HTMLParagraphElement>) => (
  <p className={cn('omega-card__description', className)} {...p} />
);
export const CardContent = ({ className, ...p }: DivProps) => (
  <div className={cn('omega-card__content', className)} {...p} />
);
export const CardFooter = ({ className, ...p }: DivProps) => (
  <div className={cn('omega-card__footer', className)} {...p} />
);

/**
 * A card that is a page region named by its heading: `<section aria-labelledby>` around a card
 * whose title is an `<h2>` (the level a page's sections take under its `<h1>`). `id` names the
 * heading, so it must be unique on the page.
 */
export function SectionCard(props: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={props.id}>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2 id={props.id} className="omega-card__heading">
              {props.title}
            </h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="omega-card__stack">{props.children}</CardContent>
      </Card>
    </section>
  );
}
