/* fatekit page bundle of sources 47ad47db141a028e0f63807af5c2c829a7b8973ee6b51d89248aece4c2a9d8fe */
import{E as a,F as b,G as c,H as d,I as e,J as f,K as g,L as h,M as i,N as j}from"./chunk-U7QLJDJZ.js";export{a as app,f as errorText,c as notify,g as pressed,d as redraw,e as ruleReason,j as send,i as showError,h as showErrorBeside,b as subscribe};
//# sourceMappingURL=/web/bundle/store.js.map
