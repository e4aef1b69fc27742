/* fatekit page bundle of sources b54d00fd9bcde2e796f32bd1d73733181304176fa4614d86292bd2bc55bb5bfa */
import{E as a,F as b,G as c,H as d,I as e,J as f,K as g,L as h,M as i,N as j}from"./chunk-WZXWJKUX.js";export{a as app,f as errorText,c as notify,g as pressed,d as redraw,e as ruleReason,j as send,i as showError,h as showErrorBeside,b as subscribe};
//# sourceMappingURL=/web/bundle/store.js.map
