ALTER TYPE "public"."message_type" ADD VALUE 'document';--> statement-breakpoint
ALTER TYPE "public"."message_type" ADD VALUE 'audio';