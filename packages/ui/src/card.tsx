// A card: a bordered surface with header, content and footer slots.
import type { HTMLAttributes } from 'react';
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
